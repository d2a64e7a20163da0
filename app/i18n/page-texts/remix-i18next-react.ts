import { useEffect } from "react";
import { useTranslation } from "./react-i18next";

/** remix-i18next's hook for pages (decision 0083): the root's locale becomes the texts' language. */
export function useChangeLanguage(locale: string) {
  const { i18n } = useTranslation();
  useEffect(() => {
    void i18n.changeLanguage(locale);
  }, [locale, i18n]);
}
