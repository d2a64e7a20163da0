import { Form } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { catalogueTitle } from "~/modules/catalogue/catalogue-title";
import { STATUSES } from "~/modules/service/service-status";
import { answerFields, answerFor, type FormAnswer } from "~/lib/form-answer";
import { FormAlert } from "~/ui/FormAlert";
import { translateError } from "~/ui/forms";
import { PlainButton, PlainCard, PlainSelect, plain } from "~/ui/plain/Plain";
import { RELATION_KINDS, type BulkKind } from "../tools-kinds";
import type { ToolsData } from "./tools-data";
import classes from "./tools.module.css";

type Option = { value: string; label: string };

/** One kind of change: its value, for relations whether to assign or remove, and "Preview". */
function ChangeForm({ kind, options, action, refusal, hint }: { kind: BulkKind; options: Option[]; action: string; refusal?: FormAnswer; hint?: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const answer = answerFor(refusal, `bulk-${kind}`);
  const { errors, values } = answer ? answerFields(answer) : { errors: {}, values: undefined };
  const relation = (RELATION_KINDS as readonly string[]).includes(kind);
  return (
    <Form method="post" action={action} className={classes.change} aria-labelledby={headingId} data-testid={`bulk-form-${kind}`}>
      <h3 id={headingId}>{t(`tools.bulk.kinds.${kind}`)}</h3>
      <input type="hidden" name="intent" value="preview" />
      <input type="hidden" name="kind" value={kind} />
      <FormAlert error={errors._form} />
      {relation ? (
        <fieldset className={classes.fieldset}>
          <legend>{t("tools.bulk.mode")}</legend>
          <div className={classes.inline}>
            {(["add", "remove"] as const).map((mode) => (
              <label key={mode} className={plain.dim}>
                <input type="radio" name="mode" value={mode} defaultChecked={(values?.mode ?? "add") === mode} /> {t(`tools.bulk.${mode}`)}
              </label>
            ))}
          </div>
          {errors.mode ? <p className={classes.error}>{translateError(t, errors.mode)}</p> : null}
        </fieldset>
      ) : null}
      <PlainSelect
        name="value"
        label={t(`tools.bulk.value.${kind}`)}
        defaultValue={values?.value ?? ""}
        data={[{ value: "", label: t("tools.bulk.choose") }, ...options]}
        error={translateError(t, errors.value)}
        data-testid={`bulk-value-${kind}`}
      />
      {hint ? <p className={plain.dim}>{hint}</p> : null}
      <div>
        <PlainButton type="submit" variant="light" data-testid={`bulk-preview-${kind}`}>
          {t("tools.bulk.preview")}
        </PlainButton>
      </div>
    </Form>
  );
}

/** The bulk changes: status (within the review workflow), the four relations, and (structure roles) a move to another catalogue. */
export function BulkForms({ data, action, refusal }: { data: ToolsData; action: string; refusal?: FormAnswer }) {
  const { t } = useTranslation();
  const named = (rows: { id: number; name: string }[]) => rows.map((r) => ({ value: String(r.id), label: r.name }));
  const tooMany = data.total > data.maxBulk;
  return (
    <PlainCard title={t("tools.bulk.title")} data-testid="tools-bulk">
      <div className={plain.stack}>
        <p className={plain.dim}>{t("tools.bulk.intro", { max: data.maxBulk })}</p>
        {tooMany ? (
          <p role="status" data-testid="bulk-too-many">
            {t("tools.bulk.tooMany", { count: data.total, max: data.maxBulk })}
          </p>
        ) : null}
        {data.total > 0 && !tooMany ? (
          <div className={classes.grid}>
            <ChangeForm kind="status" action={action} refusal={refusal} options={STATUSES.map((s) => ({ value: s, label: t(`catalogue.status.${s}`) }))} />
            <ChangeForm kind="owners" action={action} refusal={refusal} options={named(data.choices.owners)} />
            <ChangeForm kind="providers" action={action} refusal={refusal} options={named(data.choices.providers)} />
            <ChangeForm kind="kpis" action={action} refusal={refusal} options={named(data.choices.kpis)} />
            <ChangeForm kind="tags" action={action} refusal={refusal} options={named(data.choices.tags)} />
            {data.canStructure ? (
              <ChangeForm
                kind="catalogue"
                action={action}
                refusal={refusal}
                options={data.catalogues.map((c) => ({ value: String(c.id), label: catalogueTitle(t, c) }))}
                hint={t("tools.bulk.moveHint")}
              />
            ) : null}
          </div>
        ) : null}
      </div>
    </PlainCard>
  );
}
