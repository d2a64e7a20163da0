import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { plain } from "~/ui/plain/Plain";

/**
 * A search or filter without hits, the same in every view (issue 32 §11): the list used to say so
 * while the tree and the map showed an empty area. With a close name word, a link that searches
 * for it instead, keeping the view and the filters.
 */
export function NoHits({ suggestion }: { suggestion: string | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.set("q", suggestion ?? "");
  params.delete("page");
  return (
    <div className={plain.card} role="status" data-testid="no-services">
      <p style={{ margin: 0 }}>{t("catalogue.noServices")}</p>
      {suggestion ? (
        <p style={{ margin: "8px 0 0" }}>
          <a href={`${location.pathname}?${params}`} data-testid="did-you-mean">
            {t("catalogue.didYouMean", { word: suggestion, interpolation: { escapeValue: false } })}
          </a>
        </p>
      ) : null}
    </div>
  );
}
