import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { languageName, type ContentPanel } from "../translations";
import classes from "./translations.module.css";

/**
 * The content-language switch of a page (issue 37 §2): its own control beside the interface
 * language — links, so it works without JS, keeping the rest of the address.
 */
export function ContentLanguageSwitch({ content }: { content: ContentPanel }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const href = (language: string) => {
    const params = new URLSearchParams(location.search);
    params.set("lang", language);
    params.delete("edit");
    return `${location.pathname}?${params}`;
  };
  return (
    <nav className={classes.switch} aria-label={t("translations.switch")} data-testid="content-language">
      <span className={classes.label}>{t("translations.switch")}:</span>
      {content.languages.map((language) => (
        <Link key={language} to={href(language)} preventScrollReset aria-current={language === content.current ? "true" : undefined} className={classes.option} lang={language}>
          {languageName(language, i18n.language)}
          {language === content.primary ? ` (${t("translations.primary")})` : null}
        </Link>
      ))}
    </nav>
  );
}

/** The marker of a field shown in the primary language because it has no translation yet. */
export function NotTranslated() {
  const { t } = useTranslation();
  return (
    <span className={classes.marker} data-testid="not-translated">
      {t("translations.notTranslated")}
    </span>
  );
}

/** A translation whose source changed since: the marker and the words that changed. */
export function OutdatedTranslation({ diff }: { diff: { text: string; change?: "added" | "removed" }[] | null }) {
  const { t } = useTranslation();
  return (
    <details className={classes.outdated} data-testid="translation-outdated">
      <summary>{t("translations.outdated")}</summary>
      <p className={classes.diffIntro}>{t("translations.sourceChanged")}</p>
      <p className={classes.diff} data-testid="source-diff">
        {(diff ?? []).map((part, index) =>
          part.change === "added" ? (
            <ins key={index}>{part.text}</ins>
          ) : part.change === "removed" ? (
            <del key={index}>{part.text}</del>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </p>
    </details>
  );
}
