import { Button, Stack, Text, Title } from "@mantine/core";
import { IconPrinter } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "~/lib/dates";
import { catalogueTitle } from "~/modules/catalogue/catalogue-title";
import { browserLink } from "~/modules/reports/reports-query";
import { EmptyState } from "~/ui/EmptyState";
import { PageLinks } from "~/ui/PageLinks";
import type { SlaData } from "../sla-page.server";
import { ALL_CATALOGUES, NO_PROVIDER } from "../sla-query";
import type { SlaGroup } from "../sla.server";
import { SlaFilterForm } from "./SlaFilterForm";
import classes from "./sla.module.css";

/** Text of a base-data textarea: its line breaks kept, nothing when empty. */
function Lines({ text }: { text: string | null }) {
  return text?.trim() ? <span className={classes.lines}>{text}</span> : <span className={classes.dim}>–</span>;
}

function Group({ group, index }: { group: SlaGroup; index: number }) {
  const { t } = useTranslation();
  const headingId = `sla-group-${index}`;
  return (
    <section aria-labelledby={headingId} className={classes.group} data-testid="sla-group" data-provider={group.provider?.id ?? "none"}>
      <Title order={2} size="h3" id={headingId} data-testid="sla-group-title">
        {group.provider?.name ?? t("sla.noProvider")}
      </Title>
      <div className={classes.tableBox}>
        <table className={classes.table} aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col" className={classes.serviceColumn}>
                {t("sla.columns.service")}
              </th>
              <th scope="col">{t("sla.columns.level")}</th>
              <th scope="col">{t("sla.columns.definition")}</th>
              <th scope="col">{t("sla.columns.calculation")}</th>
              <th scope="col">{t("sla.columns.measuringPoints")}</th>
            </tr>
          </thead>
          {group.services.map((service) => (
            <tbody key={service.id} className={classes.service} data-testid="sla-service" data-service={service.id}>
              {service.levels.map((level, i) => (
                <tr key={level.id} data-kpi={level.id}>
                  {i === 0 ? (
                    <th scope="rowgroup" rowSpan={service.levels.length} className={classes.serviceColumn}>
                      <a href={`/servicecatalog/service/${service.id}`} data-testid="sla-service-name">
                        {service.name}
                      </a>
                      <span className={classes.dim}>
                        {service.category ?? t("sla.noCategory")} · {t(`catalogue.status.${service.status}`, { defaultValue: service.status })}
                      </span>
                    </th>
                  ) : null}
                  <td className={classes.levelName} data-testid="sla-level">
                    {level.name}
                  </td>
                  <td>
                    <Lines text={level.definition} />
                  </td>
                  <td>
                    <Lines text={level.calculation} />
                  </td>
                  <td>
                    <Lines text={level.measuring_points} />
                  </td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
    </section>
  );
}

/** /sla — services × service levels, grouped by provider; filter, pages, print on A4 landscape. */
export function SlaPage({ data }: { data: SlaData }) {
  const { t, i18n } = useTranslation();
  // The print button needs JS; without it the browser's own print (Ctrl+P) is named instead.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const { filter } = data;
  const current = filter.catalogue === ALL_CATALOGUES ? null : data.catalogues.find((c) => c.id === filter.catalogue);
  // On paper the form is gone: one line says what the overview shows.
  const printed = [
    `${t("sla.filter.catalogue")}: ${current ? catalogueTitle(t, current) : t("sla.filter.allCatalogues")}`,
    filter.provider !== null
      ? `${t("sla.filter.provider")}: ${filter.provider === NO_PROVIDER ? t("sla.filter.noProvider") : (data.options.providers.find((p) => p.id === filter.provider)?.name ?? "")}`
      : null,
    filter.kpi !== null ? `${t("sla.filter.kpi")}: ${data.options.kpis.find((k) => k.id === filter.kpi)?.name ?? ""}` : null,
    filter.q ? `${t("sla.filter.q")}: ${filter.q}` : null,
    filter.stage ? `${t("sla.filter.stage")}: ${t(`catalogue.stages.${filter.stage}`)}` : null,
  ].filter(Boolean);
  const withoutLevelLink =
    filter.catalogue === ALL_CATALOGUES
      ? null
      : browserLink(filter.catalogue, {
          q: filter.q,
          missing: filter.provider === NO_PROVIDER ? ["kpi", "provider"] : ["kpi"],
          providers: typeof filter.provider === "number" ? [filter.provider] : [],
          stages: filter.stage ? [filter.stage] : [],
        });
  return (
    <Stack gap="md" maw={1400} className={classes.page} data-testid="sla-page">
      <div className={classes.head}>
        <Title order={1}>{t("sla.title")}</Title>
        <div className={classes.noPrint}>
          {hydrated ? (
            <Button variant="light" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()} data-testid="sla-print">
              {t("sla.print")}
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              {t("sla.printHint")}
            </Text>
          )}
        </div>
      </div>
      <Text size="sm" className={classes.noPrint}>
        {t("sla.intro")}
      </Text>
      <div className={classes.noPrint}>
        <SlaFilterForm data={data} />
      </div>
      <Text size="sm" className={classes.printOnly} data-testid="sla-printed-filter">
        {printed.join(" · ")}
      </Text>
      <Text size="sm" data-testid="sla-summary">
        {t("sla.entries", { count: data.total })} · {t("sla.printedOn", { date: formatDate(data.today, i18n.language) })}
      </Text>
      {data.withoutLevel > 0 ? (
        <Text size="sm" className={classes.noPrint} data-testid="sla-without-level">
          {t("sla.withoutLevel", { count: data.withoutLevel })}{" "}
          {withoutLevelLink ? (
            <a href={withoutLevelLink} data-testid="sla-without-level-link">
              {t("sla.showWithoutLevel")}
            </a>
          ) : null}
        </Text>
      ) : null}
      {data.groups.length ? (
        data.groups.map((group, i) => <Group key={`${group.provider?.id ?? "none"}-${i}`} group={group} index={i} />)
      ) : (
        <EmptyState message={t("sla.empty")} hint={t("sla.emptyHint")} testId="sla-empty" />
      )}
      <div className={classes.noPrint}>
        <PageLinks page={data.page} pageCount={data.pageCount} total={data.total} label={t("sla.pages")} />
      </div>
    </Stack>
  );
}
