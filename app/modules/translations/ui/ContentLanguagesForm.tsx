import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PlainButton } from "~/ui/plain/Plain";
import fieldClasses from "~/ui/native-field.module.css";
import { CONTENT_LANGUAGES, languageName } from "../translations";
import classes from "./translations.module.css";

/** A catalogue's content languages (issue 37 §1): the original and the further ones, a plain form post. */
export function ContentLanguagesForm({ catalogueId, title, primary, further }: { catalogueId: number; title: string; primary: string; further: string[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Form method="post" aria-label={t("translations.form", { title })} className={classes.languagesForm} data-testid="content-languages-form">
      <input type="hidden" name="intent" value="contentLanguages" />
      <input type="hidden" name="catalogue" value={catalogueId} />
      <strong>{title}</strong>
      <label className={fieldClasses.field}>
        {t("translations.primaryLabel")}
        <select name="primary" defaultValue={primary}>
          {CONTENT_LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {languageName(code, i18n.language)}
            </option>
          ))}
        </select>
      </label>
      <fieldset className={classes.further}>
        <legend>{t("translations.furtherLabel")}</legend>
        {CONTENT_LANGUAGES.map((code) => (
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
