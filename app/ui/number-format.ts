import { useTranslation } from "react-i18next";

/** Whole numbers in the reader's language ("100.000" / "100,000"); the same on the server and in the browser. */
export function useNumber(): (value: number) => string {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language === "en" ? "en-GB" : "de-DE", { maximumFractionDigits: 0 });
  return (value: number) => format.format(value);
}
