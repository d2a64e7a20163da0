import { useTranslation } from "react-i18next";

const SLOT = "\u0000";

/**
 * A sentence whose values are code (column names, file names): translated whole, each value shown
 * in `<code>`. Instead of react-i18next's `Trans`, which the browser does not load (decision 0083).
 */
export function TextWithCode({ i18nKey, values }: { i18nKey: string; values: Record<string, string> }) {
  const { t } = useTranslation();
  const slots = Object.fromEntries(Object.keys(values).map((name) => [name, `${SLOT}${name}${SLOT}`]));
  const parts = t(i18nKey, slots).split(SLOT);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 ? (
          <code key={index} translate="no">
            {values[part]}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}
