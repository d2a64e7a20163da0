import {
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { IconDownload } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { EmptyState } from "~/ui/EmptyState";
import type { compareLoader } from "../compare-page.server";
import classes from "./releases.module.css";

type Data = Awaited<ReturnType<typeof compareLoader>>;
type Compared = NonNullable<Data["comparison"]>;
type Entry = Compared["services"][number];
type Place = Entry["from"];

const KINDS = ["added", "removed", "moved", "changed"] as const;
const BASE = "/servicecatalog/releases/compare";

const place = (t: TFunction, p: Place) =>
  p
    ? [p.area, p.category].filter(Boolean).join(" › ") ||
      t("releases.withoutCategory")
    : "—";

/** The query of this comparison (sides and filters), for the CSV and a service's details. */
function queryOf(data: Data, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  if (data.fromId !== null) params.set("from", String(data.fromId));
  if (data.toId !== null) params.set("to", String(data.toId));
  for (const [key, value] of Object.entries({
    change: data.filters.change,
    area: data.filters.area,
    category: data.filters.category,
    ...extra,
  }))
    if (value) params.set(key, String(value));
  return params.toString();
}

function ServiceEntry({ entry, data }: { entry: Entry; data: Data }) {
  const { t } = useTranslation();
  const labels = data.comparison!.labels;
  const label = (key: string) =>
    labels[key] ??
    (["requires", "options", "responsibilities", "links"].includes(key)
      ? t(`releasecompare.fields.${key}`)
      : t(`service.fields.${key}`, {
          defaultValue: t(`history.fields.${key}`, { defaultValue: key }),
        }));
  const query = new URLSearchParams(queryOf(data));
  query.delete("change");
  query.delete("area");
  query.delete("category");
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      radius="md"
      data-testid="compared-service"
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
            <Text
              fw={600}
              style={{ overflowWrap: "anywhere" }}
              data-testid="compared-name"
            >
              {entry.name}
            </Text>
            {entry.changes.map((kind) => (
              <Badge
                key={kind}
                variant="light"
                c="dark"
                color={
                  kind === "removed"
                    ? "red"
                    : kind === "added"
                    ? "green"
                    : "blue"
                }
                data-testid="compared-change"
              >
                {t(`releasecompare.kinds.${kind}`)}
              </Badge>
            ))}
          </Group>
          {entry.changes.includes("changed") ? (
            <Anchor
              component={Link}
              to={`${BASE}/service/${entry.id}?${query.toString()}`}
              size="sm"
              aria-label={t("releasecompare.detailsNamed", {
                name: entry.name,
              })}
              data-testid="compared-details"
            >
              {t("releasecompare.details")}
            </Anchor>
          ) : null}
        </Group>
        {entry.changes.includes("moved") ? (
          <Text size="sm">
            {t("releasecompare.moveText", {
              from: place(t, entry.from),
              to: place(t, entry.to),
            })}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {place(t, entry.to ?? entry.from)}
          </Text>
        )}
        {entry.formerName ? (
          <Text size="sm">
            {t("releasecompare.formerly", { name: entry.formerName })}
          </Text>
        ) : null}
        {entry.fields?.length ? (
          <Text size="sm" data-testid="compared-fields">
            {t("releasecompare.fieldsChanged", {
              fields: entry.fields.map(label).join(", "),
            })}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** /servicecatalog/releases/compare — two versions side by side: counts, the services that differ, filters, CSV, a change list. */
export function ComparePage() {
  const data = useLoaderData<typeof compareLoader>();
  const { t, i18n } = useTranslation();
  const { choices, comparison, filters } = data;
  const releaseOptions = choices.map((c) => ({
    value: String(c.id),
    label: c.withdrawn ? `${c.label} (${t("releases.withdrawn")})` : c.label,
  }));
  const other = i18n.language === "en" ? "de" : "en";
  return (
    <Stack gap="lg" maw={1000}>
      <div>
        <Title order={1}>{t("releasecompare.title")}</Title>
        <Text size="sm" c="dimmed" mt={4}>
          {t("releasecompare.intro")}
        </Text>
      </div>
      {!comparison ? (
        <EmptyState
          message={t("releasecompare.noReleases")}
          action={{
            label: t("releases.toReleases"),
            to: "/servicecatalog/releases",
          }}
          testId="compare-empty"
        />
      ) : (
        <>
          <Form
            method="get"
            className={classes.filter}
            key={queryOf(data)}
            data-testid="compare-form"
          >
            <NativeSelect
              name="from"
              label={t("releasecompare.from")}
              defaultValue={String(data.fromId)}
              data={releaseOptions}
            />
            <NativeSelect
              name="to"
              label={t("releasecompare.to")}
              defaultValue={String(data.toId)}
              data={[
                { value: "working", label: t("releasecompare.working") },
                ...releaseOptions,
              ]}
            />
            <NativeSelect
              name="change"
              label={t("releasecompare.change")}
              defaultValue={filters.change ?? ""}
              data={[
                { value: "", label: t("releasecompare.allChanges") },
                ...KINDS.map((k) => ({
                  value: k,
                  label: t(`releasecompare.kinds.${k}`),
                })),
              ]}
            />
            <NativeSelect
              name="area"
              label={t("releasecompare.area")}
              defaultValue={filters.area ? String(filters.area) : ""}
              data={[
                { value: "", label: t("releasecompare.allAreas") },
                ...comparison.areas.map((a) => ({
                  value: String(a.id),
                  label: a.name,
                })),
              ]}
            />
            <NativeSelect
              name="category"
              label={t("releasecompare.category")}
              defaultValue={filters.category ? String(filters.category) : ""}
              data={[
                { value: "", label: t("releasecompare.allCategories") },
                ...comparison.categories.map((c) => ({
                  value: String(c.id),
                  label: c.name,
                })),
              ]}
            />
            <div className={classes.actions}>
              <Button type="submit" data-testid="compare-submit">
                {t("releasecompare.submit")}
              </Button>
            </div>
          </Form>
          <Group justify="space-between" wrap="wrap">
            <Text fw={600} data-testid="compare-summary">
              {t("releasecompare.summary", comparison.counts)}
            </Text>
            <Button
              component="a"
              href={`${BASE}.csv?${queryOf(data)}`}
              variant="default"
              size="xs"
              leftSection={<IconDownload size={14} aria-hidden />}
              data-testid="compare-csv"
            >
              {t("releasecompare.csv.download")}
            </Button>
          </Group>
          {comparison.services.length ? (
            <Stack
              component="ul"
              gap="xs"
              p={0}
              m={0}
              style={{ listStyle: "none" }}
              data-testid="compared-services"
            >
              {comparison.services.map((entry) => (
                <ServiceEntry key={entry.id} entry={entry} data={data} />
              ))}
            </Stack>
          ) : (
            <Text c="dimmed" data-testid="compare-none">
              {t("releasecompare.none")}
            </Text>
          )}
          {comparison.services.length ? (
            <Stack gap="xs">
              <Textarea
                label={t("releasecompare.changeList")}
                description={t("releasecompare.changeListHint")}
                value={
                  comparison.changeList[i18n.language === "en" ? "en" : "de"]
                }
                readOnly
                autosize
                minRows={4}
                maxRows={16}
                classNames={{ input: classes.changeList }}
                data-testid="change-list"
              />
              <details>
                <summary>
                  {t(
                    other === "en"
                      ? "releasecompare.changeListEn"
                      : "releasecompare.changeListDe"
                  )}
                </summary>
                <div lang={other}>
                  <Textarea
                    aria-label={t(
                      other === "en"
                        ? "releasecompare.changeListEn"
                        : "releasecompare.changeListDe"
                    )}
                    value={comparison.changeList[other]}
                    readOnly
                    autosize
                    minRows={4}
                    maxRows={16}
                    classNames={{ input: classes.changeList }}
                    data-testid="change-list-other"
                  />
                </div>
              </details>
            </Stack>
          ) : null}
        </>
      )}
    </Stack>
  );
}
