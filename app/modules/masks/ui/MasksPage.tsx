import { Anchor, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Link, Outlet } from "@remix-run/react";
import { IconPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { catalogueTitle } from "~/modules/catalogue/catalogue-title";
import type { MaskRow } from "../masks.server";

/** /admin/attributemasks — every mask: what it applies to and what it hides; the delete confirmation opens over it. */
export function MasksPage({ masks }: { masks: MaskRow[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t("masks.title")}</Title>
        <Button component={Link} to="/admin/attributemasks/new" leftSection={<IconPlus size={16} aria-hidden />} data-testid="new-mask">
          {t("masks.new")}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t("masks.intro")}
      </Text>
      {masks.length === 0 ? (
        <Text data-testid="masks-empty">{t("masks.empty")}</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label={t("masks.title")}>
          {masks.map((mask) => (
            <Card key={mask.id} withBorder component="li" padding="sm" data-testid="mask-row" data-mask-id={mask.id}>
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0, flex: "1 1 240px" }}>
                  <Anchor component={Link} to={`/admin/attributemasks/${mask.id}`} fw={600} style={{ overflowWrap: "anywhere" }} aria-label={t("masks.editLabel", { name: mask.name })}>
                    {mask.name}
                  </Anchor>
                  <Text size="sm" data-testid="mask-target">
                    {mask.target_name === null
                      ? t("masks.targetGone", { model: t(`masks.targetModels.${mask.target_model}`) })
                      : t("masks.appliesTo", {
                          model: t(`masks.targetModels.${mask.target_model}`),
                          name: mask.target_name,
                          catalogue: mask.catalogue_id === null ? "" : catalogueTitle(t, { id: mask.catalogue_id, title: mask.catalogue_title, frameTitle: mask.catalogue_frame_title }),
                        })}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t("masks.hidesCount", {
                      sections: mask.hidden.sections.length,
                      fields: mask.hidden.fields.length,
                      attributes: mask.hidden.attributes.length,
                    })}
                  </Text>
                </Stack>
                <Group gap="sm" wrap="nowrap">
                  <Anchor component={Link} to={`/admin/attributemasks/${mask.id}`} size="sm" aria-label={t("masks.editLabel", { name: mask.name })}>
                    {t("masks.edit")}
                  </Anchor>
                  <Anchor component={Link} to={`/admin/attributemasks/${mask.id}/delete`} size="sm" c="red.8" aria-label={t("masks.deleteLabel", { name: mask.name })} preventScrollReset>
                    {t("masks.delete")}
                  </Anchor>
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <Outlet />
    </Stack>
  );
}
