/** Display helpers of the service children (client-safe). */

function locale(language: string | undefined): string {
  return language?.startsWith("en") ? "en-GB" : "de-DE";
}

/** "12,50 €" (de) / "€12.50" (en). */
export function formatCosts(value: number, language: string | undefined): string {
  return new Intl.NumberFormat(locale(language), { style: "currency", currency: "EUR" }).format(value);
}

/** The costs as an edit field shows them: "12,50" (de) / "12.50" (en); the server reads both. */
export function costsInputValue(value: number, language: string | undefined): string {
  const fixed = value.toFixed(2);
  return locale(language) === "de-DE" ? fixed.replace(".", ",") : fixed;
}
