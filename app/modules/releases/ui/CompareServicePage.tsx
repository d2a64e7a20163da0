import { Anchor, Badge, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActivityChanges } from "~/ui/history/ActivityChanges";
import { languageName } from "~/modules/translations/translations";
import type { compareServiceLoader } from "../compare-page.server";

/** /servicecatalog/releases/compare/service/:id — one service's differences, field by field, as the History tab shows changes. */
export function CompareServicePage() {
  const { fromId, toId, fromLabel, toLabel, difference } =
    useLoaderData<typeof compareServiceLoader>();
  const { t, i18n } = useTranslation();
  const back = `/servicecatalog/releases/compare?from=${fromId}&to=${toId}`;
  const side = (label: string | null) => label ?? t("releasecompare.working");
  const fieldLabel = (key: string): string | undefined => {
    // A translation's field (issue 37): the field's label and the language.
    const [field, language] = key.split("@");
    if (language) return `${fieldLabel(field) ?? field} (${languageName(language, i18n.language)})`;
    return ownLabel(key);
  };
  const ownLabel = (key: string) =>
    difference.attributeLabels[key] ??
    (i18n.exists(`releasecompare.fields.${key}`)
      ? t(`releasecompare.fields.${key}`)
      : i18n.exists(`service.fields.${key}`)
      ? t(`service.fields.${key}`)
      : undefined);
  const noFields = !Object.keys(
    JSON.parse(
      difference.activity.new_values ?? difference.activity.old_values ?? "{}"
    ) as object
  ).length;
  return (
    <Stack gap="md" maw={1000}>
      <Anchor component={Link} to={back} size="sm">
        {t("releasecompare.back")}
      </Anchor>
      <div>
        <Title order={1} style={{ overflowWrap: "anywhere" }}>
          {t("releasecompare.serviceTitle", { name: difference.name })}
        </Title>
        <Text size="sm" c="dimmed">
          {t("releasecompare.sides", {
            from: side(fromLabel),
            to: side(toLabel),
          })}
        </Text>
      </div>
      {noFields ? (
        <Text size="sm">{t("releasecompare.noFieldChanges")}</Text>
      ) : null}
      <div data-testid="compare-fields">
        <ActivityChanges
          activity={difference.activity}
          names={{}}
          fieldLabel={fieldLabel}
        />
      </div>
      {difference.children.length ? (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t("releasecompare.children")}
          </Title>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }} data-testid="compare-children">
            {difference.children.map((child, index) => (
              <li key={index}>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Badge variant="light" c="dark" color={child.change === "removed" ? "red" : child.change === "added" ? "green" : "blue"} style={{ flexShrink: 0 }}>
                    {t(`releasecompare.childChange.${child.change}`)}
                  </Badge>
                  <Text size="sm" style={{ overflowWrap: "anywhere", minWidth: 0 }}>
                    {t(`releasecompare.fields.${child.kind}`)}: {child.name}
                  </Text>
                </Group>
                {child.activity ? <ActivityChanges activity={child.activity} names={{}} fieldLabel={fieldLabel} /> : null}
              </li>
            ))}
          </Stack>
        </Stack>
      ) : null}
    </Stack>
  );
}
