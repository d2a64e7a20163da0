import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { COMPLETENESS_FIELDS } from "~/modules/catalogue/completeness";
import { BarChart, type Bar } from "~/ui/BarChart";
import { useNumber } from "~/ui/number-format";
import type { ReportsData } from "../reports-page.server";
import { browserLink, csvLink } from "../reports-query";
import { LIST_FILTERS, showDay } from "../report-lists";
import { plain } from "~/ui/plain/Plain";
import { ReportFilterForm } from "./ReportFilterForm";
import { ServiceTable } from "./ServiceTable";
import dataTable from "~/ui/DataTable.module.css";
import type { ReviewCount } from "../review-figures.server";
import classes from "./reports.module.css";
import { languageName } from "~/modules/translations/translations";

type Link = (table: string) => string;

/** Owners, providers and tags drawn and listed on the page (most services first); the CSV file has all. */
const TOP_BARS = 15;

function Section({ id, title, children, csv, csvName }: { id: string; title: string; children: ReactNode; csv?: string; csvName?: string }) {
  const { t } = useTranslation();
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={classes.section} data-testid={`section-${id}`}>
      <div className={classes.sectionHead}>
        <h2 className={classes.h2} id={`${id}-title`}>
          {title}
        </h2>
        {csv ? (
          <a href={csv} className={classes.csv} download aria-label={t("reports.csv.downloadNamed", { table: csvName ?? title })} data-testid={`csv-${id}`}>
            {t("reports.csv.download")}
          </a>
        ) : null}
      </div>
      {children}
    </section>
  );
}

function Figure({ label, value, href, testId }: { label: string; value: string; href?: string; testId: string }) {
  return (
    <div className={classes.figure} data-testid={testId}>
      <span className={classes.figureLabel}>{label}</span>
      {href ? (
        <a href={href} className={classes.figureValue} data-testid={`${testId}-value`}>
          {value}
        </a>
      ) : (
        <span className={classes.figureValue} data-testid={`${testId}-value`}>
          {value}
        </span>
      )}
    </div>
  );
}

/** Translation coverage of one language (issue 37 §5): per category, translated / outdated / missing services, the last two links into the browser. */
function TranslationTable({ language, rows, link }: { language: string; rows: ReportsData["translations"][number]["rows"]; link: (categoryId: number | null, state: "missing" | "outdated") => string }) {
  const { t, i18n } = useTranslation();
  const format = useNumber();
  const name = languageName(language, i18n.language);
  const total = (key: "translated" | "outdated" | "missing") => rows.reduce((sum, r) => sum + r[key], 0);
  const cell = (value: number, href: string | null) => (value > 0 && href ? <a href={href}>{format(value)}</a> : format(value));
  return (
    <div className={dataTable.tableBox}>
      <table className={dataTable.table} data-testid={`translation-coverage-${language}`}>
        <caption className={classes.caption}>{t("reports.translations.caption", { language: name })}</caption>
        <thead>
          <tr>
            <th scope="col">{t("reports.translations.category")}</th>
            <th scope="col">{t("reports.translations.translated")}</th>
            <th scope="col">{t("reports.translations.outdated")}</th>
            <th scope="col">{t("reports.translations.missing")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.categoryId ?? "none"} data-testid="translation-row">
              <th scope="row">{row.categoryId === null ? t("reports.translations.noCategory") : [row.area, row.category].filter(Boolean).join(" › ")}</th>
              <td>{format(row.translated)}</td>
              <td>{cell(row.outdated, link(row.categoryId, "outdated"))}</td>
              <td>{cell(row.missing, link(row.categoryId, "missing"))}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{t("reports.translations.total")}</th>
            <td>{format(total("translated"))}</td>
            <td>{cell(total("outdated"), link(null, "outdated"))}</td>
            <td>{cell(total("missing"), link(null, "missing"))}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** /reports — which services are incomplete, stale or unowned, each figure a link into the browser. */
export function ReportsPage({ data }: { data: ReportsData }) {
  const { t, i18n } = useTranslation();
  const format = useNumber();
  const { summary, catalogueId, months, cutoff } = data;
  // Every figure leads to the browser with the report's stage too (issue 36 §2).
  const browse = (filter: Parameters<typeof browserLink>[1]) => browserLink(catalogueId, { ...filter, stages: data.stage ? [data.stage] : [] });
  const csv: Link = (table) => csvLink(table, { catalogueId, months, sep: data.sep, stage: data.stage });
  const since = showDay(cutoff, i18n.language);
  const sections = [...(data.translations.length ? (["translations"] as const) : []), "completeness", "reviews", "status", "owners", "providers", "tags", "stale", "unowned", "nolevel"] as const;
  const sectionTitle = (s: (typeof sections)[number]) =>
    s === "completeness" ? t("reports.completeness.title") : s === "stale" ? t("reports.stale.title", { months }) : t(`reports.${s}.title`);
  return (
    <div className={classes.page} data-testid="reports-page">
      <h1 className={plain.pageTitle}>{t("reports.title")}</h1>
      <p className={classes.text}>{t("reports.intro")}</p>
      <ReportFilterForm catalogues={data.catalogues} catalogueId={catalogueId} months={months} monthsInput={data.monthsInput} sep={data.sep} stage={data.stage} errors={data.errors} />
      <nav aria-label={t("reports.sections")} className={classes.toc}>
        {sections.map((s) => (
          <a key={s} href={`#${s}`}>
            {sectionTitle(s)}
          </a>
        ))}
      </nav>

      <section aria-labelledby="summary-title" className={classes.section}>
        <h2 className={classes.h2} id="summary-title">
          {t("reports.summary.title")}
        </h2>
        <div className={classes.figures}>
          <Figure label={t("reports.summary.services")} value={format(summary.total)} href={browse({})} testId="figure-total" />
          <Figure label={t("reports.summary.average")} value={`${format(summary.averagePercent)} %`} testId="figure-average" />
          <Figure label={t("reports.summary.stale", { months })} value={format(summary.stale)} href={browse(LIST_FILTERS.stale(cutoff))} testId="figure-stale" />
          <Figure label={t("reports.summary.unowned")} value={format(summary.missing.owner)} href={browse(LIST_FILTERS.unowned())} testId="figure-unowned" />
          <Figure label={t("reports.summary.nolevel")} value={format(summary.missing.kpi)} href={browse(LIST_FILTERS.nolevel())} testId="figure-nolevel" />
          <Figure label={t("reports.summary.reviewDue")} value={format(data.reviews.due)} href={browse({ review: ["due"] })} testId="figure-review-due" />
          <Figure label={t("reports.summary.reviewOverdue")} value={format(data.reviews.overdue)} href={browse({ review: ["overdue"] })} testId="figure-review-overdue" />
        </div>
      </section>

      {data.translations.length ? (
        <Section id="translations" title={sectionTitle("translations")}>
          <p className={classes.text}>{t("reports.translations.intro")}</p>
          {data.translations.map(({ language, rows }) => (
            <TranslationTable key={language} language={language} rows={rows} link={(categoryId, state) => browse({ ...(categoryId === null ? {} : { categories: [categoryId] }), translations: [`${language}-${state}`] })} />
          ))}
        </Section>
      ) : null}
      <Section id="completeness" title={sectionTitle("completeness")} csv={csv("fields")} csvName={t("reports.csv.files.fields")}>
        <p className={classes.text}>
          {t("reports.completeness.intro", { count: COMPLETENESS_FIELDS.length, fields: COMPLETENESS_FIELDS.map((f) => t(`reports.fields.${f}`)).join(", ") })}
        </p>
        <p className={classes.text} data-testid="completeness-average">
          {t("reports.completeness.average", { percent: format(summary.averagePercent), complete: format(summary.complete), total: format(summary.total) })}
        </p>
        <BarChart
          title={t("reports.completeness.chartTitle")}
          caption={t("reports.completeness.caption")}
          labelHeader={t("reports.completeness.field")}
          valueHeader={t("reports.completeness.services")}
          bars={COMPLETENESS_FIELDS.map((f) => ({ key: f, label: t(`reports.fields.${f}`), value: summary.missing[f], href: browse({ missing: [f] }), warn: true }))}
          format={format}
          layout="rows"
          testId="chart-fields"
        />
        <div className={classes.sectionHead}>
          <h3 className={classes.h3} id="completeness-list-title">
            {t("reports.completeness.listTitle")}
          </h3>
          <a href={csv("completeness")} className={classes.csv} download aria-label={t("reports.csv.downloadNamed", { table: t("reports.completeness.listTitle") })} data-testid="csv-completeness-list">
            {t("reports.csv.download")}
          </a>
        </div>
        <p className={classes.text}>{t("reports.completeness.listIntro")}</p>
        <ServiceTable
          list="completeness"
          data={data.completeness}
          pagesLabel={t("reports.completeness.pages")}
          testId="completeness-list"
          columns={[
            { header: t("reports.completeness.percent"), cell: (r) => <span data-testid="percent">{`${format(r.percent)} %`}</span> },
            {
              header: t("reports.completeness.missing"),
              cell: (r) => (r.missing.length ? r.missing.map((f) => t(`reports.fields.${f}`)).join(", ") : t("reports.completeness.nothingMissing")),
            },
          ]}
        />
      </Section>

      <Section id="reviews" title={sectionTitle("reviews")}>
        <p className={classes.text}>{t("reports.reviews.intro")}</p>
        {data.reviews.due + data.reviews.overdue === 0 ? (
          <p className={classes.text} data-testid="reviews-none">
            {t("reports.reviews.none")}
          </p>
        ) : (
          <>
            <ReviewTable
              title={t("reports.reviews.byOwner")}
              header={t("reports.owners.label")}
              rows={data.reviews.owners}
              noName={t("reports.owners.none")}
              link={(id, state) => browse(id === null ? { missing: ["owner"], review: [state] } : { owners: [id], review: [state] })}
              testId="reviews-owners"
            />
            <ReviewTable
              title={t("reports.reviews.byCategory")}
              header={t("reports.reviews.category")}
              rows={data.reviews.categories}
              noName={t("reports.reviews.noCategory")}
              link={(id, state) => browse(id === null ? { missing: ["category"], review: [state] } : { categories: [id], review: [state] })}
              testId="reviews-categories"
            />
          </>
        )}
      </Section>

      <Section id="status" title={sectionTitle("status")} csv={csv("status")}>
        <BarChart
          title={t("reports.status.chartTitle")}
          caption={t("reports.status.caption")}
          labelHeader={t("reports.status.label")}
          valueHeader={t("reports.chart.services")}
          bars={data.statuses.map((s) => ({ key: s.status, label: t(`catalogue.status.${s.status}`), value: s.count, href: browse({ statuses: [s.status] }) }))}
          format={format}
          layout="rows"
          testId="chart-status"
        />
      </Section>

      {(["owners", "providers", "tags"] as const).map((kind) => {
        const relation = kind === "owners" ? "owner" : kind === "providers" ? "provider" : "tag";
        const rows = data[kind];
        const bars: Bar[] = [
          ...rows.slice(0, TOP_BARS).map((r) => ({
            key: String(r.id),
            label: r.name,
            value: r.count,
            href: browse(kind === "owners" ? { owners: [r.id] } : kind === "providers" ? { providers: [r.id] } : { tags: [r.id] }),
          })),
          { key: "none", label: t(`reports.${kind}.none`), value: summary.missing[relation], href: browse({ missing: [relation] }), warn: true },
        ];
        return (
          <Section key={kind} id={kind} title={sectionTitle(kind)} csv={csv(kind)}>
            <p className={classes.text}>
              {t("reports.chart.multiple")}
              {rows.length > TOP_BARS ? ` ${t("reports.chart.more", { shown: TOP_BARS, total: rows.length })}` : ""}
            </p>
            <BarChart
              title={t(`reports.${kind}.chartTitle`)}
              caption={t(`reports.${kind}.caption`)}
              labelHeader={t(`reports.${kind}.label`)}
              valueHeader={t("reports.chart.services")}
              bars={bars}
              format={format}
              layout="rows"
              testId={`chart-${kind}`}
            />
          </Section>
        );
      })}

      <Section id="stale" title={sectionTitle("stale")} csv={csv("stale")}>
        <p className={classes.text}>
          <a href={browse(LIST_FILTERS.stale(cutoff))} data-testid="stale-link">
            {t("reports.stale.intro", { count: summary.stale, date: since })}
          </a>
        </p>
        <ServiceTable list="stale" data={data.stale} showChanged pagesLabel={t("reports.stale.pages")} testId="stale-list" />
      </Section>

      {(["unowned", "nolevel"] as const).map((list) => (
        <Section key={list} id={list} title={sectionTitle(list)} csv={csv(list)}>
          <p className={classes.text}>
            <a href={browse(LIST_FILTERS[list]())} data-testid={`${list}-link`}>
              {t(`reports.${list}.intro`, { count: list === "unowned" ? summary.missing.owner : summary.missing.kpi })}
            </a>
          </p>
          <ServiceTable list={list} data={data[list]} pagesLabel={t(`reports.${list}.pages`)} testId={`${list}-list`} />
        </Section>
      ))}
    </div>
  );
}

/** Due and overdue reviews per owner or category (issue 36 §1), each count a link to those services in the browser. */
function ReviewTable({
  title,
  header,
  rows,
  noName,
  link,
  testId,
}: {
  title: string;
  header: string;
  rows: ReviewCount[];
  noName: string;
  link: (id: number | null, state: "due" | "overdue") => string;
  testId: string;
}) {
  const { t } = useTranslation();
  const format = useNumber();
  const count = (row: ReviewCount, state: "due" | "overdue") => (row[state] ? <a href={link(row.id, state)}>{format(row[state])}</a> : format(0));
  return (
    <div className={dataTable.tableBox}>
      <table className={dataTable.table} data-testid={testId}>
        <caption className={classes.caption}>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{header}</th>
            <th scope="col">{t("reports.reviews.due")}</th>
            <th scope="col">{t("reports.reviews.overdue")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id ?? "none"} data-testid="review-row">
              <th scope="row">{row.name ?? noName}</th>
              <td>{count(row, "due")}</td>
              <td>{count(row, "overdue")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
