import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SERVICE_STATUSES, SERVICE_TYPES, withQuery, DEFAULT_QUERY } from "~/modules/catalogue/catalogue-query";
import { catalogueTitle } from "~/modules/catalogue/catalogue-title";
import { StatusBadge } from "~/modules/catalogue/ui/browser/StatusBadge";
import { formatDateTime } from "~/lib/dates";
import { NativeCheckbox } from "~/ui/NativeCheckbox";
import { PageLinks } from "~/ui/PageLinks";
import { PlainButton, PlainCard, PlainLinkButton, PlainSelect, PlainTextInput, plain } from "~/ui/plain/Plain";
import { TOOLS_PATH, isNarrowed, type ToolsFilter } from "../tools-query";
import type { ToolsData } from "./tools-data";
import classes from "./tools.module.css";

/** The first value goes into the select; further values (from a browser link) travel as hidden fields. */
function extra(name: string, values: (string | number)[]) {
  return values.slice(1).map((v) => <input key={`${name}-${v}`} type="hidden" name={name} value={v} />);
}

/** Search and the most used filters as one GET form; the browser's other filters are kept. */
function FilterForm({ data }: { data: ToolsData }) {
  const { t } = useTranslation();
  const selection = data.selection;
  if (selection.mode !== "filter") return null;
  const f: ToolsFilter = selection.filter;
  const any = { value: "", label: t("tools.selection.any") };
  const box = (name: string, value: string, label: string, checked: boolean) => (
    <NativeCheckbox key={`${name}-${value}`} name={name} value={value} label={label} defaultChecked={checked} />
  );
  return (
    <Form method="get" action={TOOLS_PATH} className={plain.stack} role="search" aria-label={t("tools.selection.title")}>
      <div className={classes.filters}>
        <PlainSelect
          name="catalogue"
          label={t("tools.selection.catalogue")}
          defaultValue={String(data.catalogue?.id ?? "")}
          data={data.catalogues.map((c) => ({ value: String(c.id), label: catalogueTitle(t, c) }))}
          data-testid="tools-catalogue"
        />
        <PlainTextInput name="q" type="search" label={t("tools.selection.search")} defaultValue={f.q} data-testid="tools-search" />
        <PlainSelect
          name="cat"
          label={t("tools.selection.category")}
          defaultValue={String(f.categories[0] ?? "")}
          data={[{ value: "", label: t("tools.selection.anyCategory") }, ...data.categories.map((c) => ({ value: String(c.id), label: c.name }))]}
        />
        <PlainSelect
          name="owner"
          label={t("tools.selection.owner")}
          defaultValue={String(f.owners[0] ?? "")}
          data={[any, ...data.choices.owners.map((o) => ({ value: String(o.id), label: o.name }))]}
        />
        <PlainSelect name="tag" label={t("tools.selection.tag")} defaultValue={String(f.tags[0] ?? "")} data={[any, ...data.choices.tags.map((o) => ({ value: String(o.id), label: o.name }))]} />
      </div>
      <div className={classes.filters}>
        <fieldset className={classes.fieldset}>
          <legend>{t("tools.selection.status")}</legend>
          <div className={classes.inline}>{SERVICE_STATUSES.map((s) => box("status", s, t(`catalogue.status.${s}`), f.statuses.includes(s)))}</div>
        </fieldset>
        <fieldset className={classes.fieldset}>
          <legend>{t("tools.selection.type")}</legend>
          <div className={classes.inline}>{SERVICE_TYPES.map((ty) => box("type", ty, t(`catalogue.type.${ty}`), f.types.includes(ty)))}</div>
        </fieldset>
        <fieldset className={classes.fieldset}>
          <legend>{t("tools.selection.missing")}</legend>
          <div className={classes.inline}>
            {box("missing", "owner", t("catalogue.filters.missingFields.owner"), f.missing.includes("owner"))}
            {box("missing", "kpi", t("catalogue.filters.missingFields.kpi"), f.missing.includes("kpi"))}
          </div>
        </fieldset>
      </div>
      {extra("cat", f.categories)}
      {extra("owner", f.owners)}
      {extra("tag", f.tags)}
      {f.areas.map((id) => (
        <input key={`area-${id}`} type="hidden" name="area" value={id} />
      ))}
      {f.percents.map((p) => (
        <input key={`pct-${p}`} type="hidden" name="pct" value={p} />
      ))}
      {f.areas.length || f.percents.length || f.owners.length > 1 || f.tags.length > 1 || f.categories.length > 1 ? (
        <p className={plain.dim}>{t("tools.selection.kept")}</p>
      ) : null}
      <div className={plain.row}>
        <PlainButton type="submit" data-testid="tools-filter">
          {t("tools.selection.apply")}
        </PlainButton>
        {isNarrowed(f) ? (
          <PlainLinkButton href={`${TOOLS_PATH}?catalogue=${data.catalogue?.id ?? ""}`} variant="subtle">
            {t("tools.selection.reset")}
          </PlainLinkButton>
        ) : null}
        {data.catalogue && data.catalogue.id === data.currentCatalogueId ? (
          <PlainLinkButton href={withQuery({ ...DEFAULT_QUERY, ...f, view: 0 }, {})} variant="default">
            {t("tools.selection.openInBrowser")}
          </PlainLinkButton>
        ) : null}
      </div>
    </Form>
  );
}

/** Which services the page works on: the filter form (or the browser's selection) and a page of them. */
export function SelectionPanel({ data }: { data: ToolsData }) {
  const { t, i18n } = useTranslation();
  return (
    <PlainCard title={t("tools.selection.title")} data-testid="tools-selection">
      <div className={plain.stack}>
        <p className={plain.dim}>{t(data.selection.mode === "filter" ? "tools.selection.filterIntro" : "tools.selection.pickedIntro")}</p>
        {data.selection.mode === "filter" ? (
          <FilterForm data={data} />
        ) : (
          <div className={plain.row}>
            <PlainLinkButton href={TOOLS_PATH} variant="default">
              {t("tools.selection.useFilter")}
            </PlainLinkButton>
          </div>
        )}
        <p data-testid="tools-count">
          <strong>{t("tools.selection.count", { count: data.total })}</strong>
          {data.catalogue ? ` · ${catalogueTitle(t, data.catalogue)}` : ""}
        </p>
        {data.rows.length ? (
          <div className={classes.tableWrap}>
            <table className={`${classes.table} ${classes.wide}`} data-testid="tools-services" aria-label={t("tools.selection.list")}>
              <thead>
                <tr>
                  <th>{t("tools.selection.columns.name")}</th>
                  <th>{t("tools.selection.columns.category")}</th>
                  <th>{t("tools.selection.columns.status")}</th>
                  <th>{t("tools.selection.columns.updated")}</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((s) => (
                  <tr key={s.id}>
                    <td className={classes.cell}>
                      <a href={`/servicecatalog/service/${s.id}`}>{s.name}</a>
                    </td>
                    <td className={classes.cell}>{s.category_name ?? t("catalogue.uncategorised")}</td>
                    <td className={classes.nowrap}>
                      <StatusBadge status={s.status} percent={s.statuspercent} />
                    </td>
                    <td className={classes.nowrap}>{formatDateTime(s.updated_at, i18n.language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className={plain.dim} data-testid="tools-none">
            {t("tools.selection.none")}
          </p>
        )}
        <PageLinks page={data.page} pageCount={data.pageCount} total={data.total} />
      </div>
    </PlainCard>
  );
}
