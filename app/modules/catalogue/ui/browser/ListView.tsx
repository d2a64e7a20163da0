import { Alert } from "@mantine/core";
import { Form, useActionData, useLocation } from "@remix-run/react";
import { answerFor, type FormAnswer } from "~/lib/form-answer";
import { useRef, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { languageName } from "~/modules/translations/translations";
import type { NamedStructure } from "~/modules/catalogue/catalogue-structure";
import { catalogueTitle } from "~/modules/catalogue/catalogue-title";
import { formatDateTime } from "~/lib/dates";
import { countText, templated } from "~/ui/fast-translate";
import { translateError } from "~/ui/forms";
import type { Subviews } from "~/server/prefs.server";
import { checkboxesWithin } from "../../../../ui/NativeCheckbox";
import { PageLinks } from "../../../../ui/PageLinks";
import { PlainButton, PlainCard, PlainSelect, plain } from "../../../../ui/plain/Plain";
import { StatusBadge, useCatalogueLabels } from "./StatusBadge";
import type { CatalogueOption, ListRow, StructureData } from "../../browser-types";
import { selectionExportAction } from "~/modules/wordexport/export";
import { WordExportSubmit } from "~/modules/wordexport/ui/WordExportButton";
import { TOOLS_PATH } from "~/modules/tools/tools-query";
import classes from "./catalogue.module.css";

/**
 * View 0: areas, categories and services (each behind its sub-view switch) in one selection
 * form. Checking an area checks its categories and their services (JS); the server applies the
 * same rule, so without JS a checked area still moves everything in it.
 */
export function ListView({
  list,
  named,
  structure,
  subviews,
  areaActive,
  catalogues,
  catalogueId,
  canStructure,
  canExport = false,
  untranslated = null,
}: {
  list: { rows: ListRow[]; total: number; page: number; pageCount: number };
  named: NamedStructure;
  structure: StructureData;
  subviews: Subviews;
  areaActive: boolean;
  catalogues: CatalogueOption[];
  catalogueId: number;
  canStructure: boolean;
  /** The user may export to Word: the selection form also exports the checked entries. */
  canExport?: boolean;
  /** Names shown in the original because they have no translation into the reader's language (issue 37 §4). */
  untranslated?: { language: string; ids: number[] } | null;
}) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const selectLabel = {
    area: templated(t, "catalogue.batch.selectArea", "name"),
    category: templated(t, "catalogue.batch.selectCategory", "name"),
    service: templated(t, "catalogue.batch.selectService", "name"),
  };
  const labels = useCatalogueLabels();
  const categoryOf = new Map(structure.categories.map((c) => [c.id, c]));
  const areaName = new Map(structure.areas.map((a) => [a.id, a.name]));
  const batch = answerFor(useActionData<FormAnswer>(), "batch");
  const formRef = useRef<HTMLFormElement>(null);

  // Selection rules of spec 01 §4, mirrored in the browser for immediate feedback.
  function cascade(event: ChangeEvent<HTMLInputElement>, selector: string) {
    const checked = event.currentTarget.checked;
    formRef.current?.querySelectorAll<HTMLInputElement>(selector).forEach((box) => {
      box.checked = checked;
    });
  }
  // Plain inputs styled by the surrounding list or table (hundreds per page, see decision 0011).
  const select = (kind: "area" | "category" | "service", id: number, name: string, extra: Record<string, string>, onChange?: (e: ChangeEvent<HTMLInputElement>) => void) =>
    canStructure ? <input type="checkbox" name={kind} value={id} aria-label={selectLabel[kind](name)} onChange={onChange} {...extra} /> : null;

  return (
    <Form method="post" ref={formRef}>
      <input type="hidden" name="intent" value="batch" />
      <div className={classes.listStack}>
          {batch?.error?.selection ? (
            <Alert color="red" role="alert">
              {translateError(t, batch.error.selection[0])}
            </Alert>
          ) : null}
          {(areaActive && subviews.areas) || subviews.categories ? (
            <div className={classes.panels} data-columns={areaActive && subviews.areas && subviews.categories ? 2 : 1}>
              {areaActive && subviews.areas ? (
                <PlainCard title={t("catalogue.areasPanel")} data-testid="areas-panel">
                  {named.areas.length === 0 ? (
                    <p className={plain.dim}>{t("catalogue.noAreas")}</p>
                  ) : null}
                  <ul className={`${classes.entries} ${checkboxesWithin}`}>
                    {named.areas.map((a) => (
                      <li key={a.id}>
                        {select("area", a.id, a.name, {}, (e) => cascade(e, `[data-area="${a.id}"], [data-area-service="${a.id}"]`))}
                        <a href={`/servicecatalog/area/${a.id}`}>
                          {a.name}
                        </a>
                        <span>{countText(t, i18n.language, "catalogue.categoriesCount", a.categories)}</span>
                      </li>
                    ))}
                  </ul>
                </PlainCard>
              ) : null}
              {subviews.categories ? (
                <PlainCard title={t("catalogue.categoriesPanel")} data-testid="categories-panel">
                  {named.categories.length === 0 ? (
                    <p className={plain.dim}>{t("catalogue.noCategories")}</p>
                  ) : null}
                  <ul className={`${classes.entries} ${classes.scrollPanel} ${checkboxesWithin}`}>
                    {named.categories.map((c) => (
                      <li key={c.id}>
                        {select("category", c.id, c.name, c.areaId ? { "data-area": String(c.areaId) } : {}, (e) => cascade(e, `[data-category="${c.id}"]`))}
                        <a href={`/servicecatalog/category/${c.id}`}>
                          {c.name}
                        </a>
                        <span>
                          {areaActive && c.areaName ? `${c.areaName} · ` : ""}
                          {countText(t, i18n.language, "catalogue.servicesCount", c.services)}
                        </span>
                      </li>
                    ))}
                  </ul>
                </PlainCard>
              ) : null}
            </div>
          ) : null}
          {subviews.services ? (
            <PlainCard title={t("catalogue.servicesPanel")} data-testid="services-panel">
              <div className={classes.tableWrap}>
                <table className={`${classes.table} ${checkboxesWithin}`} data-testid="service-list">
                  <thead>
                    <tr>
                      {canStructure ? (
                        <th>
                          <span className="visually-hidden">{t("catalogue.columns.select")}</span>
                        </th>
                      ) : null}
                      <th>{t("catalogue.columns.name")}</th>
                      <th>{t("catalogue.columns.category")}</th>
                      {areaActive ? <th>{t("catalogue.columns.area")}</th> : null}
                      <th>{t("catalogue.columns.status")}</th>
                      <th>{t("catalogue.columns.type")}</th>
                      <th>{t("catalogue.columns.updated")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.rows.map((s) => {
                      const category = s.category_id === null ? undefined : categoryOf.get(s.category_id);
                      const areaId = category?.areaId ?? null;
                      return (
                        <tr key={s.id} data-testid="service-row">
                          {canStructure ? (
                            <td>
                              {select("service", s.id, s.name, {
                                ...(s.category_id ? { "data-category": String(s.category_id) } : {}),
                                ...(areaId ? { "data-area-service": String(areaId) } : {}),
                              })}
                            </td>
                          ) : null}
                          <td className={classes.clip}>
                            <a href={`/servicecatalog/service/${s.id}`} title={s.name}>
                              {s.name}
                            </a>
                            {untranslated?.ids.includes(s.id) ? (
                              <span className={classes.original} lang={untranslated.language} title={t("translations.originalShown", { language: languageName(untranslated.language, i18n.language) })} data-testid="name-original">
                                {" "}
                                {untranslated.language.toUpperCase()}
                              </span>
                            ) : null}
                          </td>
                          <td className={classes.clipShort} title={category?.name}>{category ? category.name : t("catalogue.uncategorised")}</td>
                          {areaActive ? <td className={classes.clipShort}>{(areaId !== null ? areaName.get(areaId) : undefined) ?? "—"}</td> : null}
                          <td>
                            <StatusBadge status={s.status} percent={s.statuspercent} label={labels.status[s.status]} />
                          </td>
                          <td>{labels.type[s.servicetype] ?? s.servicetype}</td>
                          <td>{formatDateTime(s.updated_at, i18n.language)}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
              <div style={{ marginTop: 8 }}>
                <PageLinks page={list.page} pageCount={list.pageCount} total={list.total} />
              </div>
            </PlainCard>
          ) : null}
          {canStructure ? (
            <PlainCard>
              <div className={plain.row}>
                <PlainSelect
                  name="target"
                  label={t("catalogue.batch.target")}
                  data={[{ value: "", label: "—" }, ...catalogues.filter((c) => c.id !== catalogueId).map((c) => ({ value: String(c.id), label: catalogueTitle(t, c) }))]}
                  error={translateError(t, batch?.error?.target?.[0])}
                  data-testid="batch-target"
                />
                <PlainButton type="submit" variant="light" data-testid="batch-submit">
                  {t("catalogue.batch.submit")}
                </PlainButton>
                <PlainButton type="submit" variant="default" formAction={TOOLS_PATH} formMethod="get" name="pick" value="selection" data-testid="batch-tools">
                  {t("tools.browser.selection")}
                </PlainButton>
                {canExport ? (
                  <WordExportSubmit
                    formAction={selectionExportAction(catalogueId, location.pathname + location.search)}
                    label={t("wordexport.exportSelection")}
                    testId="word-export-selection"
                  />
                ) : null}
              </div>
            </PlainCard>
          ) : null}
      </div>
    </Form>
  );
}
