import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { answerFields, answerFor, type FormAnswer } from "~/lib/form-answer";
import { languageName } from "~/modules/translations/translations";
import { FormAlert } from "~/ui/FormAlert";
import { translateError } from "~/ui/forms";
import { PlainButton, PlainCard, PlainLinkButton, PlainSelect, plain } from "~/ui/plain/Plain";
import type { TranslateAnswer, toolsTranslateLoader } from "../tools-translate.server";

/**
 * /tools/translate: "Übersetzen" for the picked services (issue 37 §3). One post asks the
 * assistant for each service's missing and outdated fields in the chosen language; the proposals
 * wait on each service's page, where they are accepted or discarded field by field.
 */
export function TranslatePage() {
  const data = useLoaderData<typeof toolsTranslateLoader>();
  const answer = useActionData() as TranslateAnswer | FormAnswer | undefined;
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "translate";
  const result = answer && "kind" in answer ? answer : undefined;
  const refused = answer && !("kind" in answer) ? answerFor(answer, "translate") : undefined;
  const { errors } = refused ? answerFields(refused) : { errors: {} as Partial<Record<string, string>> };
  return (
    <div className={plain.stack}>
      <h1>{t("tools.translate.title")}</h1>
      <PlainLinkButton href={`/tools${location.search}`} variant="subtle">
        {t("tools.translate.back")}
      </PlainLinkButton>
      {result ? <TranslateResult answer={result} /> : null}
      <PlainCard data-testid="tools-translate">
        <div className={plain.stack}>
          <p className={plain.dim}>{t("tools.translate.intro", { max: data.max })}</p>
          {data.reason ? (
            <p>{t(`ai.errors.${data.reason}`)}</p>
          ) : data.total > data.max ? (
            <p role="status">{t("tools.translate.tooMany", { count: data.total, max: data.max })}</p>
          ) : !data.languages.length ? (
            <p role="status">{t("tools.translate.none")}</p>
          ) : (
            <Form method="post" className={plain.stack}>
              <input type="hidden" name="intent" value="translate" />
              <FormAlert error={errors._form} />
              <PlainSelect
                name="language"
                label={t("tools.translate.language")}
                data={data.languages.map((language) => ({ value: language, label: languageName(language, i18n.language) }))}
                error={translateError(t, errors.language)}
              />
              <div>
                <PlainButton type="submit" disabled={busy}>
                  {busy ? t("translations.assist.busy") : t("tools.translate.button", { count: data.total })}
                </PlainButton>
              </div>
            </Form>
          )}
        </div>
      </PlainCard>
    </div>
  );
}

/** What a batch did: each service with its proposals (a link to review them), failures, and why it stopped. */
function TranslateResult({ answer }: { answer: TranslateAnswer }) {
  const { t, i18n } = useTranslation();
  const { result, skipped } = answer;
  return (
    <PlainCard title={t("tools.translate.resultTitle", { language: languageName(result.language, i18n.language) })} data-testid="translate-result" role="status">
      <ul>
        {result.done.map((s) => (
          <li key={s.id} data-testid="translate-done">
            <Link to={`/servicecatalog/service/${s.id}?lang=${result.language}#translate`}>{s.name}</Link>
            {" – "}
            {s.fields ? t("tools.translate.proposed", { count: s.fields }) : t("tools.translate.upToDate")}
          </li>
        ))}
        {result.failed.map((s) => (
          <li key={s.id} data-testid="translate-failed">
            {s.name} – {t(`ai.errors.${s.error}`)}
          </li>
        ))}
      </ul>
      {result.stopped ? <p>{t("tools.translate.stopped", { count: result.stopped.left, reason: t(`ai.errors.${result.stopped.reason}`) })}</p> : null}
      {skipped ? <p className={plain.dim}>{t("tools.translate.skipped", { count: skipped })}</p> : null}
    </PlainCard>
  );
}
