import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PlainButton } from "~/ui/plain/Plain";
import { translateError } from "~/ui/forms";
import fieldClasses from "~/ui/native-field.module.css";
import { languageName } from "../translations";
import classes from "./translations.module.css";

/** A catalogue's content languages (issue 37 §1): the original and the further ones, a plain form post. */
export function ContentLanguagesForm({ catalogueId, title, primary, further, offered }: { catalogueId: number; title: string; primary: string; further: string[]; offered: string[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Form method="post" aria-label={t("translations.form", { title })} className={classes.languagesForm} data-testid="content-languages-form">
      <input type="hidden" name="intent" value="contentLanguages" />
      <input type="hidden" name="catalogue" value={catalogueId} />
      <strong>{title}</strong>
      <label className={fieldClasses.field}>
        {t("translations.primaryLabel")}
        <select name="primary" defaultValue={primary}>
          {offered.map((code) => (
            <option key={code} value={code}>
              {languageName(code, i18n.language)}
            </option>
          ))}
        </select>
      </label>
      <fieldset className={classes.further}>
        <legend>{t("translations.furtherLabel")}</legend>
        {offered.map((code) => (
          <label key={code} className={classes.furtherOption}>
            <input type="checkbox" name="further" value={code} defaultChecked={further.includes(code)} /> {languageName(code, i18n.language)}
          </label>
        ))}
      </fieldset>
      <div>
        <PlainButton type="submit" size="xs" variant="default">
          {t("translations.save")}
        </PlainButton>
      </div>
    </Form>
  );
}

/** The languages catalogues may offer (superadmins): ISO 639-1 codes. */
export function LanguageListForm({ offered, error }: { offered: string[]; error?: string }) {
  const { t } = useTranslation();
  return (
    <Form method="post" className={classes.languagesForm} data-testid="language-list-form">
      <input type="hidden" name="intent" value="languageList" />
      <label className={fieldClasses.field}>
        {t("translations.listLabel")}
        <input name="codes" defaultValue={offered.join(", ")} aria-describedby="language-list-hint" aria-invalid={error ? true : undefined} className={classes.codes} />
      </label>
      <p id="language-list-hint" className={fieldClasses.hint}>
        {t("translations.listHint")}
      </p>
      {error ? (
        <p role="alert" className={fieldClasses.error}>
          {translateError(t, error)}
        </p>
      ) : null}
      <div>
        <PlainButton type="submit" size="xs" variant="default">
          {t("translations.listSave")}
        </PlainButton>
      </div>
    </Form>
  );
}
