import { Alert, Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { Form, Link, Outlet, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "~/ui/FormAlert";
import { NativeCheckbox } from "~/ui/NativeCheckbox";
import type { BaseDataOutcome } from "../basedata-import.server";
import type { BaseDataAnswer, factoryBaseDataLoader } from "../basedata-page.server";
import { NotConfigured } from "./CatalogPage";
import classes from "./factory.module.css";

type Data = Awaited<ReturnType<ReturnType<typeof factoryBaseDataLoader>>>;
type Kind = Data["kind"];

const PATHS: Record<Kind, { own: string; local: string }> = {
  provider: { own: "/factory/provider", local: "/basedata/provider" },
  kpi: { own: "/factory/kpi", local: "/basedata/kpis" },
};

/** A second column that tells two records apart: the provider's city, the service level's definition. */
function detailOf(kind: Kind, item: NonNullable<Data["items"]>[number]): string {
  const record = item as unknown as Record<string, string | null>;
  return (kind === "provider" ? [record.city, record.email_contact].filter(Boolean).join(", ") : (record.definition ?? "")).slice(0, 200);
}

/** What the import did: created, skipped as duplicates by name, failed (spec 02 §8's texts). */
function Result({ kind, outcomes }: { kind: Kind; outcomes: BaseDataOutcome[] }) {
  const { t } = useTranslation();
  const created = outcomes.filter((o) => o.status === "created");
  const skipped = outcomes.filter((o) => o.status === "skipped");
  const failed = outcomes.filter((o) => o.status === "failed");
  return (
    <Alert color={failed.length ? "yellow" : "green"} title={t("factory.basedata.result")} data-testid="factory-basedata-result">
      <Stack gap={4}>
        <Text size="sm" role="status">
          {[t("factory.basedata.created", { count: created.length }), t("factory.basedata.skipped", { count: skipped.length }), t("factory.basedata.failedCount", { count: failed.length })].join(" · ")}
        </Text>
        <ul>
          {outcomes.map((o) => (
            <li key={o.factoryId} data-testid={`factory-basedata-outcome-${o.factoryId}`} data-status={o.status}>
              <Text size="sm">
                {o.status === "created"
                  ? t("factory.basedata.createdItem", { name: o.name })
                  : o.status === "skipped"
                    ? t("factory.basedata.skippedItem", { name: o.name })
                    : `${o.name}: ${t(`factory.basedata.${kind}.createFailed`)}${o.field ? ` (${t(`fields.${o.field}`)})` : ""}`}
              </Text>
            </li>
          ))}
        </ul>
      </Stack>
    </Alert>
  );
}

/** /factory/provider and /factory/kpi — the template's providers or service levels to import (issue 18 §4). */
export function BaseDataImportPage() {
  const data = useLoaderData<Data>();
  const answer = useActionData<BaseDataAnswer>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const { kind } = data;
  const paths = PATHS[kind];
  const busy = navigation.state === "submitting" && navigation.formAction === paths.own;
  return (
    <Stack gap="md" maw={1100} data-testid={`factory-${kind}`}>
      <Title order={1}>{t(`factory.basedata.${kind}.title`)}</Title>
      <Text size="sm">{t("factory.basedata.intro")}</Text>
      {!data.configured ? <NotConfigured /> : <FormAlert error={data.error} />}
      {answer?.error ? <FormAlert error={answer.error} /> : null}
      {answer?.outcomes ? <Result kind={kind} outcomes={answer.outcomes} /> : null}
      {data.items && data.items.length === 0 ? <Text data-testid="factory-basedata-empty">{t("factory.basedata.empty")}</Text> : null}
      {data.items?.length ? (
        <Form method="post" action={paths.own}>
          <input type="hidden" name="intent" value="import" />
          <Stack gap="sm">
            <div className={classes.tableBox}>
              <table className={classes.table} data-testid="factory-basedata-table">
                <thead>
                  <tr>
                    <th scope="col">{t("factory.basedata.select")}</th>
                    <th scope="col">{t("fields.name")}</th>
                    <th scope="col">{kind === "provider" ? t("fields.city") : t("fields.definition")}</th>
                    <th scope="col">{t("factory.catalog.preview")}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((item) => (
                    <tr key={item.id} data-testid={`factory-item-${item.id}`} data-exists={item.localId ? "true" : undefined}>
                      <td>
                        <NativeCheckbox name="item" value={item.id} aria-label={t("factory.basedata.selectItem", { name: item.name })} />
                      </td>
                      <td>
                        <Stack gap={2}>
                          <span>{item.name}</span>
                          {item.localId ? (
                            <span>
                              <span className={classes.badge}>{t("factory.basedata.exists")}</span>{" "}
                              <Link to={`${paths.local}/${item.localId}`} className={classes.link} aria-label={t("factory.basedata.openLocal", { name: item.name })}>
                                {t("factory.catalog.openLocalShort")}
                              </Link>
                            </span>
                          ) : null}
                        </Stack>
                      </td>
                      <td>{detailOf(kind, item)}</td>
                      <td>
                        <Anchor component={Link} to={`${paths.own}/${item.id}`} size="sm" aria-label={t("factory.catalog.previewOf", { name: item.name })} preventScrollReset>
                          {t("factory.catalog.preview")}
                        </Anchor>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Group justify="flex-end" gap="sm">
              <Button type="submit" loading={busy} data-testid="factory-basedata-import">
                {t("factory.basedata.importSelected")}
              </Button>
              <Button type="submit" name="all" value="1" variant="default" loading={busy} data-testid="factory-basedata-all">
                {t("factory.basedata.importAll")}
              </Button>
            </Group>
          </Stack>
        </Form>
      ) : null}
      <Outlet />
    </Stack>
  );
}
