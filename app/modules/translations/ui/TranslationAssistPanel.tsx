import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formError, type FormAnswer } from "~/lib/form-answer";
import { translateError } from "~/ui/forms";
import { PlainButton, PlainCard, plain } from "~/ui/plain/Plain";
import type { TranslationAssist } from "../ai-translate.server";
import { languageName } from "../translations";
import classes from "./translations.module.css";

/**
 * "Übersetzen" on the service page in a further language (issue 37 §3): one button asks the
 * assistant for the missing and outdated fields; its proposals are listed as a diff against the
 * current translation, each accepted or discarded on its own (or all at once). Plain form posts.
 */
export function TranslationAssistPanel({ assist, updatedAt, result }: { assist: TranslationAssist; updatedAt: string; result?: FormAnswer<unknown> }) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "ai-translate";
  const refused = result?.target === "translate" ? formError(result) : undefined;
  const language = languageName(assist.language, i18n.language);
  const label = (field: string) => t(field === "name" ? "service.fields.name" : `service.fields.${field}`);
  // The page's action reads every form's service version (a translation does not change it).
  const hidden = (
    <>
      <input type="hidden" name="lang" value={assist.language} />
      <input type="hidden" name="updated_at" value={updatedAt} />
    </>
  );
  return (
    <PlainCard id="translate" title={t("translations.assist.title", { language })} data-testid="translation-assist">
      <div className={plain.stack}>
        {assist.reason ? (
          <p className={plain.dim}>{t(`ai.errors.${assist.reason}`)}</p>
        ) : (
          <Form method="post" preventScrollReset className={classes.assistForm}>
            <input type="hidden" name="intent" value="ai-translate" />
            {hidden}
            <p className={plain.dim}>{t("translations.assist.hint", { language })}</p>
            <PlainButton type="submit" disabled={busy} aria-describedby={refused ? "translate-error" : undefined}>
              {busy ? t("translations.assist.busy") : t("translations.assist.button")}
            </PlainButton>
            {refused ? (
              <p id="translate-error" role="alert" className={classes.assistError}>
                {translateError(t, refused)}
              </p>
            ) : null}
          </Form>
        )}
        {assist.proposals.length ? (
          <>
            <h3 className={classes.assistHeading}>{t("translations.assist.proposals")}</h3>
            {assist.proposals.map((proposal) => (
              <section key={proposal.field} className={classes.proposal} data-testid="translation-proposal" data-field={proposal.field} aria-labelledby={`proposal-${proposal.field}`}>
                <h4 id={`proposal-${proposal.field}`} className={classes.proposalTitle}>
                  {label(proposal.field)} ({language})
                </h4>
                {proposal.sourceChanged ? <p className={classes.marker}>{t("translations.assist.sourceChanged")}</p> : null}
                <p className={classes.diff} lang={assist.language} data-testid="proposal-diff">
                  {proposal.diff.map((part, index) =>
                    part.change === "added" ? <ins key={index}>{part.text}</ins> : part.change === "removed" ? <del key={index}>{part.text}</del> : <span key={index}>{part.text}</span>,
                  )}
                </p>
                <Form method="post" preventScrollReset className={classes.proposalActions}>
                  {hidden}
                  <input type="hidden" name="field" value={proposal.field} />
                  <PlainButton type="submit" name="intent" value="ai-translation-accept" size="xs" aria-label={t("translations.assist.acceptField", { field: label(proposal.field) })}>
                    {t("translations.assist.accept")}
                  </PlainButton>
                  <PlainButton type="submit" name="intent" value="ai-translation-discard" size="xs" variant="default" aria-label={t("translations.assist.discardField", { field: label(proposal.field) })}>
                    {t("translations.assist.discard")}
                  </PlainButton>
                </Form>
              </section>
            ))}
            {assist.proposals.length > 1 ? (
              <Form method="post" preventScrollReset className={classes.proposalActions}>
                {hidden}
                <input type="hidden" name="all" value="1" />
                <PlainButton type="submit" name="intent" value="ai-translation-accept" size="xs">
                  {t("translations.assist.acceptAll")}
                </PlainButton>
                <PlainButton type="submit" name="intent" value="ai-translation-discard" size="xs" variant="default">
                  {t("translations.assist.discardAll")}
                </PlainButton>
              </Form>
            ) : null}
          </>
        ) : null}
      </div>
    </PlainCard>
  );
}
