import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { catalogueTitle } from "~/modules/catalogue/catalogue-title";
import { translateError } from "~/ui/forms";
import { PlainButton, PlainSelect, PlainTextInput } from "~/ui/plain/Plain";
import { CSV_SEPARATORS, MONTHS_MAX, MONTHS_MIN, type CsvSeparator } from "../reports-query";
import { SERVICE_STAGES, type ServiceStage } from "~/modules/service/service-stage";
import classes from "./reports.module.css";

interface Props {
  catalogues: { id: number; title: string | null; frameTitle: string | null }[];
  catalogueId: number;
  months: number;
  /** What was typed when it was not a valid N (shown again beside its error). */
  monthsInput: string | null;
  sep: CsvSeparator;
  stage: ServiceStage | null;
  errors: Partial<Record<"catalogue" | "months" | "sep", string>>;
}

/** Which catalogue, N months and the CSV delimiter: a plain GET form (works without JS); a change starts every list at page 1. */
export function ReportFilterForm({ catalogues, catalogueId, months, monthsInput, sep, stage, errors }: Props) {
  const { t } = useTranslation();
  return (
    <Form method="get" className={classes.filter} aria-label={t("reports.filter.label")} key={`${catalogueId}-${months}-${monthsInput}-${sep}-${stage}`} data-testid="reports-filter">
      <PlainSelect
        name="catalogue"
        label={t("reports.filter.catalogue")}
        defaultValue={String(catalogueId)}
        data={catalogues.map((c) => ({ value: String(c.id), label: catalogueTitle(t, c) }))}
        error={translateError(t, errors.catalogue)}
        data-testid="reports-catalogue"
      />
      <PlainTextInput
        name="months"
        type="number"
        inputMode="numeric"
        min={MONTHS_MIN}
        max={MONTHS_MAX}
        step={1}
        label={t("reports.filter.months")}
        defaultValue={errors.months && monthsInput !== null ? monthsInput : String(months)}
        error={translateError(t, errors.months)}
        data-testid="reports-months"
      />
      <PlainSelect
        name="stage"
        label={t("reports.filter.stage")}
        defaultValue={stage ?? ""}
        data={[{ value: "", label: t("reports.filter.allStages") }, ...SERVICE_STAGES.map((value) => ({ value, label: t(`catalogue.stages.${value}`) }))]}
        data-testid="reports-stage"
      />
      <PlainSelect
        name="sep"
        label={t("reports.filter.sep")}
        defaultValue={sep}
        data={CSV_SEPARATORS.map((value) => ({ value, label: t(`reports.filter.${value}`) }))}
        error={translateError(t, errors.sep)}
        data-testid="reports-sep"
      />
      <PlainButton type="submit" data-testid="reports-apply">
        {t("reports.filter.apply")}
      </PlainButton>
    </Form>
  );
}
