import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { answerFields, answerFor, type FormAnswer } from "~/lib/form-answer";
import { FormAlert } from "~/ui/FormAlert";
import { translateError } from "~/ui/forms";
import { PlainButton, PlainCard, PlainSelect, PlainTextInput, plain } from "~/ui/plain/Plain";
import { NativeCheckbox } from "~/ui/NativeCheckbox";
import { TextWithCode } from "~/ui/TextWithCode";
import { HTML_COLUMNS, READ_ONLY_COLUMNS, exportColumns } from "../csv-columns";
import { CSV_EXPORT_PATH, selectionParams, type ToolsSelection } from "../tools-query";
import classes from "./tools.module.css";

/**
 * The download: a plain GET form (not the router's), so the browser saves the answer as a file
 * with or without JS and the page stays where it is.
 */
export function ExportPanel({ selection, total }: { selection: ToolsSelection; total: number }) {
  const { t } = useTranslation();
  const hidden = [...selectionParams(selection)];
  return (
    <PlainCard title={t("tools.export.title")} data-testid="tools-export">
      <div className={plain.stack}>
        <p className={plain.dim}>{t("tools.export.intro")}</p>
        <form method="get" action={CSV_EXPORT_PATH} className={plain.row}>
          {hidden.map(([name, value], i) => (
            <input key={`${name}-${value}-${i}`} type="hidden" name={name} value={value} />
          ))}
          <PlainSelect
            name="delimiter"
            label={t("tools.export.delimiter")}
            defaultValue="semicolon"
            data={[
              { value: "semicolon", label: t("tools.export.semicolon") },
              { value: "comma", label: t("tools.export.comma") },
            ]}
            data-testid="export-delimiter"
          />
          <NativeCheckbox name="html" value="1" label={t("tools.export.richTextAsHtml")} data-testid="export-html" />
          <PlainButton type="submit" data-testid="export-csv">
            {t("tools.export.download")} ({t("tools.selection.count", { count: total })})
          </PlainButton>
        </form>
        <p className={plain.dim}>
          {/* The column names are the file's own (not translated). */}
          <TextWithCode
            i18nKey="tools.export.columns"
            values={{ columns: exportColumns(false).join(", "), readOnly: READ_ONLY_COLUMNS.join(", "), html: HTML_COLUMNS.short_description, nameColumn: "name@en", shortColumn: "short_description@en" }}
          />
        </p>
      </div>
    </PlainCard>
  );
}

/** The upload: checked and previewed first (a multipart post to this page); nothing is written yet. */
export function ImportPanel({ action, refusal }: { action: string; refusal?: FormAnswer }) {
  const { t } = useTranslation();
  const answer = answerFor(refusal, "import");
  const { errors } = answer ? answerFields(answer) : { errors: {} as Partial<Record<string, string>> };
  return (
    <PlainCard title={t("tools.import.title")} data-testid="tools-import">
      <div className={plain.stack}>
        <p className={plain.dim}>{t("tools.import.intro")}</p>
        <FormAlert error={errors._form} />
        <Form method="post" action={action} encType="multipart/form-data" className={plain.row}>
          <PlainTextInput
            type="file"
            name="file"
            accept=".csv,text/csv,text/plain"
            label={t("tools.import.file")}
            error={translateError(t, errors.file)}
            className={`${plain.input} ${classes.file}`}
            data-testid="import-file"
          />
          <PlainButton type="submit" variant="light" data-testid="import-check">
            {t("tools.import.check")}
          </PlainButton>
        </Form>
      </div>
    </PlainCard>
  );
}
