import { Alert } from "@mantine/core";
import { Form } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { catalogueTitle, type CatalogueNaming } from "~/modules/catalogue/catalogue-title";
import { StatusBadge } from "~/modules/catalogue/ui/browser/StatusBadge";
import { PlainButton, PlainCard, PlainLinkButton, plain } from "~/ui/plain/Plain";
import type { BulkPreview, BulkRow } from "../bulk.server";
import type { ToolsAnswer } from "../tools-page.server";
import type { BulkChange } from "../tools-schemas";
import classes from "./tools.module.css";

type Catalogues = CatalogueNaming[];

function titleOf(t: TFunction, catalogues: Catalogues, id: number | null): string {
  const found = id === null ? undefined : catalogues.find((c) => c.id === id);
  return found ? catalogueTitle(t, found) : "—";
}

/** "Set the status to “Review”", "Assign service owner “IT-Betrieb”", … */
export function describeChange(t: TFunction, change: BulkChange, valueName: string | null, catalogues: Catalogues): string {
  if (change.kind === "status") return t("tools.bulk.describe.status", { value: t(`catalogue.status.${change.status}`) });
  if (change.kind === "catalogue") return t("tools.bulk.describe.catalogue", { value: titleOf(t, catalogues, change.catalogueId) });
  return t(`tools.bulk.describe.${change.mode}`, { what: t(`tools.bulk.what.${change.kind}`), value: valueName ?? "" });
}

function outcome(t: TFunction, row: BulkRow, change: BulkChange, catalogues: Catalogues): string {
  if (row.outcome === "skip") return t(`tools.bulk.reasons.${row.reason}`);
  if (change.kind === "status") return `${t(`catalogue.status.${row.status}`)} → ${t(`catalogue.status.${change.status}`)}`;
  if (change.kind === "catalogue") return `${titleOf(t, catalogues, row.catalogueId)} → ${titleOf(t, catalogues, change.catalogueId)}`;
  return t(row.reopens ? "tools.bulk.reopens" : "tools.bulk.willChange");
}

/** The value the preview form posted, for the apply form to post again. */
function changeValue(change: BulkChange): string {
  if (change.kind === "status") return change.status;
  if (change.kind === "catalogue") return String(change.catalogueId);
  return String(change.id);
}

/** Moves the keyboard focus to a result that appeared above the forms. */
function useFocusOnShow<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.scrollIntoView?.({ block: "start" });
  }, []);
  return ref;
}

/** What the change would do to each service, and the apply form carrying each service's version. */
export function BulkPreviewPanel({ preview, action }: { preview: BulkPreview; action: string }) {
  const { t } = useTranslation();
  const heading = useFocusOnShow<HTMLHeadingElement>();
  const { change } = preview;
  const changing = preview.rows.filter((r) => r.outcome === "change");
  return (
    <PlainCard className={`${plain.card} ${classes.panel}`} data-testid="bulk-preview" aria-labelledby="bulk-preview-title">
      <div className={plain.stack}>
        <h2 id="bulk-preview-title" ref={heading} tabIndex={-1} className={plain.cardTitle}>
          {t("tools.bulk.previewTitle")}: {describeChange(t, change, preview.valueName, preview.catalogues)}
        </h2>
        <p data-testid="bulk-summary">{t("tools.bulk.summary", { changing: preview.changing, skipped: preview.skipped })}</p>
        <div className={classes.tableWrap}>
          <table className={`${classes.table} ${classes.wide}`} aria-labelledby="bulk-preview-title">
            <thead>
              <tr>
                <th>{t("tools.bulk.columns.service")}</th>
                <th>{t("tools.bulk.columns.status")}</th>
                <th>{t("tools.bulk.columns.outcome")}</th>
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((row) => (
                <tr key={row.id} data-testid="bulk-row" data-outcome={row.outcome} className={row.outcome === "skip" ? classes.skipped : undefined}>
                  <td className={classes.cell}>
                    <a href={`/servicecatalog/service/${row.id}`}>{row.name}</a>
                  </td>
                  <td className={classes.nowrap}>
                    <StatusBadge status={row.status} />
                  </td>
                  <td className={classes.cell}>{outcome(t, row, change, preview.catalogues)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {changing.length ? (
          <Form method="post" action={action} className={plain.row}>
            <input type="hidden" name="intent" value="apply" />
            <input type="hidden" name="kind" value={change.kind} />
            {"mode" in change ? <input type="hidden" name="mode" value={change.mode} /> : null}
            <input type="hidden" name="value" value={changeValue(change)} />
            {changing.map((row) => (
              <input key={row.id} type="hidden" name="item" value={`${row.id}:${row.version}`} />
            ))}
            <PlainButton type="submit" data-testid="bulk-apply">
              {t("tools.bulk.apply", { count: changing.length })}
            </PlainButton>
            <PlainLinkButton href={action} variant="default">
              {t("tools.bulk.cancel")}
            </PlainLinkButton>
          </Form>
        ) : (
          <Alert color="gray" data-testid="bulk-nothing">
            {t("tools.bulk.nothing")}
          </Alert>
        )}
      </div>
    </PlainCard>
  );
}

/** After an apply that left services out (changed meanwhile, grant removed): which, and why. */
export function BulkResultPanel({ result, catalogues }: { result: Extract<ToolsAnswer, { kind: "bulkResult" }>; catalogues: Catalogues }) {
  const { t } = useTranslation();
  const heading = useFocusOnShow<HTMLHeadingElement>();
  return (
    <PlainCard className={`${plain.card} ${classes.panel}`} data-testid="bulk-result" aria-labelledby="bulk-result-title">
      <div className={plain.stack}>
        <h2 id="bulk-result-title" ref={heading} tabIndex={-1} className={plain.cardTitle}>
          {t("tools.bulk.resultTitle")}: {describeChange(t, result.change, result.valueName, catalogues)}
        </h2>
        <p role="status" data-testid="bulk-result-summary">
          {t("tools.bulk.resultSummary", { applied: result.result.applied.length, refused: result.result.refused.length })}
        </p>
        <div className={classes.tableWrap}>
          <table className={classes.table} aria-labelledby="bulk-result-title">
            <thead>
              <tr>
                <th>{t("tools.bulk.columns.service")}</th>
                <th>{t("tools.bulk.columns.outcome")}</th>
              </tr>
            </thead>
            <tbody>
              {result.result.refused.map((row) => (
                <tr key={row.id} data-testid="bulk-refused">
                  <td className={classes.cell}>
                    <a href={`/servicecatalog/service/${row.id}`}>{row.name}</a>
                  </td>
                  <td className={classes.cell}>{t(`tools.bulk.reasons.${row.reason}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </PlainCard>
  );
}
