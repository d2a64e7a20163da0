import { Alert } from "@mantine/core";
import { Form } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { translateError } from "~/ui/forms";
import { NativeCheckbox } from "~/ui/NativeCheckbox";
import { PlainButton, PlainCard, PlainLinkButton, plain } from "~/ui/plain/Plain";
import { languageName } from "~/modules/translations/translations";
import { parseTranslationColumn, type FieldChange } from "../csv-columns";
import type { ToolsAnswer } from "../tools-page.server";
import classes from "./tools.module.css";

const SHOWN = 300;

/** A value as the preview shows it: labels for codes, HTML as its text, long texts shortened. */
function shown(t: TFunction, change: FieldChange, value: string): string {
  if (value === "") return t("tools.import.empty");
  if (change.column === "status") return t(`catalogue.status.${value}`);
  if (change.column === "servicetype") return t(`catalogue.type.${value}`);
  const text = change.column.startsWith("short_description") ? value.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim() || value : value;
  return text.length > SHOWN ? `${text.slice(0, SHOWN)} …` : text;
}

/** A column's label; a translation's names its language ("Name (Englisch)"). */
function columnLabel(t: TFunction, column: string | null, interfaceLanguage: string): string {
  if (!column) return "—";
  const translation = parseTranslationColumn(column);
  if (!translation) return t(`tools.import.fields.${column}`, { defaultValue: column });
  const base = translation.column === "name" ? "name" : "short_description";
  return `${t(`tools.import.fields.${base}`)} (${languageName(translation.language, interfaceLanguage)})`;
}

/** What an uploaded file would change, its errors by line, and the form that applies it. */
export function ImportPreviewPanel({ answer, action }: { answer: Extract<ToolsAnswer, { kind: "importPreview" }>; action: string }) {
  const { t, i18n } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: "start" });
  }, [answer]);
  const { preview } = answer;
  return (
    <PlainCard className={`${plain.card} ${classes.panel}`} data-testid="import-preview" aria-labelledby="import-preview-title">
      <div className={plain.stack}>
        <h2 id="import-preview-title" ref={heading} tabIndex={-1} className={plain.cardTitle}>
          {t("tools.import.previewTitle")}
        </h2>
        {answer.fileName ? <p className={plain.dim}>{t("tools.import.fileLabel", { file: answer.fileName })}</p> : null}
        {answer.refused ? (
          <Alert color="red" role="alert" data-testid="import-refused">
            {t("tools.import.refused")}
          </Alert>
        ) : null}
        <p data-testid="import-summary">
          {t("tools.import.summary", { rows: preview.rows, changed: preview.changes.length, unchanged: preview.unchanged, invalid: preview.invalidLines.length })}
        </p>
        {preview.ignoredColumns.length ? <p className={plain.dim}>{t("tools.import.ignoredColumns", { columns: preview.ignoredColumns.join(", ") })}</p> : null}
        {preview.errors.length ? (
          <>
            <h3 id="import-errors-title" className={plain.cardTitle}>
              {t("tools.import.errorsTitle")}
            </h3>
            <div className={classes.tableWrap}>
              <table className={classes.table} aria-labelledby="import-errors-title" data-testid="import-errors">
                <thead>
                  <tr>
                    <th>{t("tools.import.columns.line")}</th>
                    <th>{t("tools.import.columns.column")}</th>
                    <th>{t("tools.import.columns.message")}</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.errors.map((e, i) => (
                    <tr key={`${e.line}-${i}`} data-testid="import-error" data-line={e.line}>
                      <td className={classes.nowrap}>{e.line}</td>
                      <td className={classes.nowrap}>{columnLabel(t, e.column, i18n.language)}</td>
                      <td className={classes.cell}>{translateError(t, e.message)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {preview.hiddenErrors ? (
              <p className={plain.dim} data-testid="import-errors-more">
                {t("tools.import.moreErrors", { count: preview.hiddenErrors })}
              </p>
            ) : null}
          </>
        ) : null}
        {preview.changes.length ? (
          <>
            <h3 id="import-changes-title" className={plain.cardTitle}>
              {t("tools.import.changesTitle")}
            </h3>
            <div className={classes.tableWrap}>
              <table className={`${classes.table} ${classes.wide}`} aria-labelledby="import-changes-title" data-testid="import-changes">
                <thead>
                  <tr>
                    <th>{t("tools.import.columns.line")}</th>
                    <th>{t("tools.import.columns.service")}</th>
                    <th>{t("tools.import.columns.field")}</th>
                    <th>{t("tools.import.columns.from")}</th>
                    <th>{t("tools.import.columns.to")}</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.changes.flatMap((row) =>
                    row.fields.map((f, i) => (
                      <tr key={`${row.line}-${f.column}`} data-testid="import-change" data-line={row.line} data-column={f.column}>
                        <td className={classes.nowrap}>{i === 0 ? row.line : ""}</td>
                        <td className={classes.cell}>
                          {i === 0 ? <a href={`/servicecatalog/service/${row.id}`}>{row.name}</a> : null}
                          {i === 0 && row.reopens ? <span className={plain.dim}> {t("tools.import.reopens")}</span> : null}
                        </td>
                        <td className={classes.nowrap}>{columnLabel(t, f.column, i18n.language)}</td>
                        <td className={classes.cell}>{shown(t, f, f.from)}</td>
                        <td className={classes.cell}>{shown(t, f, f.to)}</td>
                      </tr>
                    )),
                  )}
                </tbody>
              </table>
            </div>
          </>
        ) : null}
        {preview.changes.length ? (
          <Form method="post" action={action} className={plain.stack}>
            <input type="hidden" name="intent" value="import-apply" />
            <input type="hidden" name="fileName" value={answer.fileName} />
            {preview.carry.map((row, i) => (
              <input key={i} type="hidden" name="row" value={row} />
            ))}
            {preview.errors.length ? (
              <>
                <p className={plain.dim}>{t("tools.import.allOrNothing")}</p>
                <NativeCheckbox name="applyValid" value="on" label={t("tools.import.applyValid")} data-testid="import-apply-valid" />
              </>
            ) : null}
            <div className={plain.row}>
              <PlainButton type="submit" data-testid="import-apply">
                {t("tools.import.apply", { count: preview.changes.length })}
              </PlainButton>
              <PlainLinkButton href={action} variant="default">
                {t("tools.import.cancel")}
              </PlainLinkButton>
            </div>
          </Form>
        ) : (
          <Alert color="gray" data-testid="import-nothing">
            {t("tools.import.nothing")}
          </Alert>
        )}
      </div>
    </PlainCard>
  );
}
