import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { answerFields, type FormAnswer } from "~/lib/form-answer";
import { FormAlert } from "~/ui/FormAlert";
import { translateError } from "~/ui/forms";
import { PlainButton, PlainCard, PlainTextInput, plain } from "~/ui/plain/Plain";
import type { SubjectFieldView, subjectTranslationLoader } from "../subject-page.server";
import { subjectTranslationPath } from "../subject-types";
import { languageName } from "../translations";
import { OutdatedTranslation } from "./ContentLanguageSwitch";
import classes from "./translations.module.css";

/** /translations/:type/:id: an area's, category's, glossary term's or service level's translations, beside the original. */
export function SubjectTranslationPage() {
  const data = useLoaderData<typeof subjectTranslationLoader>();
  const answer = useActionData() as FormAnswer | undefined;
  const { t, i18n } = useTranslation();
  const title = t("translations.page.title", { kind: t(`translations.subjects.${data.type}`), name: data.name });
  return (
    <div className={plain.stack}>
      <h1>{title}</h1>
      {data.language ? (
        <>
          {data.languages.length > 1 ? (
            <nav className={classes.switch} aria-label={t("translations.switch")}>
              {data.languages.map((language) => (
                <Link key={language} to={subjectTranslationPath(data.type, data.id, language)} aria-current={language === data.language ? "true" : undefined} className={classes.option} lang={language}>
                  {languageName(language, i18n.language)}
                </Link>
              ))}
            </nav>
          ) : null}
          {data.fields.map((field) => (
            <FieldForm key={`${data.language}-${field.field}-${field.version}`} field={field} language={data.language!} primary={data.primary} answer={answer?.target === field.field ? answer : undefined} />
          ))}
        </>
      ) : (
        <p role="status">{t("translations.page.none")}</p>
      )}
    </div>
  );
}

function FieldForm({ field, language, primary, answer }: { field: SubjectFieldView; language: string; primary: string; answer?: FormAnswer }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { errors, values } = answer ? answerFields(answer) : { errors: {} as Partial<Record<string, string>>, values: undefined };
  const name = t(field.label.key, field.label.values);
  const label = `${name} (${languageName(language, i18n.language)})`;
  const value = values?.value ?? field.value;
  return (
    <PlainCard id={field.field.replace(/\./g, "-")} title={name} data-testid="subject-field" data-field={field.field}>
      <div className={plain.stack}>
        <div>
          <p className={plain.dim}>{t("translations.page.original", { language: languageName(primary, i18n.language) })}</p>
          <p lang={primary} className={classes.original}>
            {field.original || "–"}
          </p>
        </div>
        {field.outdated ? <OutdatedTranslation diff={field.diff} /> : null}
        <Form method="post" preventScrollReset className={plain.stack}>
          <input type="hidden" name="intent" value="translation" />
          <input type="hidden" name="field" value={field.field} />
          <input type="hidden" name="lang" value={language} />
          <input type="hidden" name="translation_version" value={field.version} />
          <FormAlert error={errors._form} />
          {field.kind === "plain" ? (
            <PlainTextInput name="value" label={label} defaultValue={value} lang={language} error={translateError(t, errors.value)} />
          ) : (
            <div className={plain.field}>
              <label htmlFor={id} className={plain.label}>
                {label}
              </label>
              <textarea id={id} name="value" rows={5} defaultValue={value} lang={language} className={classes.textarea} aria-describedby={`${id}-hint`} />
              <p id={`${id}-hint`} className={plain.dim}>
                {t("translations.page.markupHint")}
              </p>
              {errors.value ? <p className={classes.assistError}>{translateError(t, errors.value)}</p> : null}
            </div>
          )}
          <div>
            <PlainButton type="submit">{t("translations.page.save")}</PlainButton>
          </div>
        </Form>
      </div>
    </PlainCard>
  );
}
