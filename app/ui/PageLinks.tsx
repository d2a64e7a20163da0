import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import classes from "./PageLinks.module.css";

/**
 * Pagination as plain links (the layout's ClientLinks navigates client-side), keeping the other query parameters.
 * A page with several paged lists gives each its own `param`, a `label` for its navigation and the `hash` of its section.
 */
export function PageLinks({ page, pageCount, total, param = "page", label, hash = "" }: { page: number; pageCount: number; total: number; param?: string; label?: string; hash?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (pageCount <= 1) return <p className={classes.total}>{t("list.total", { count: total })}</p>;
  const href = (p: number) => {
    const params = new URLSearchParams(location.search);
    params.set(param, String(p));
    return `${location.pathname}?${params}${hash ? `#${hash}` : ""}`;
  };
  const from = Math.max(1, Math.min(page - 3, pageCount - 6));
  const pages = Array.from({ length: Math.min(7, pageCount) }, (_, i) => from + i);
  return (
    <div className={classes.bar}>
      <p className={classes.total}>{t("list.total", { count: total })}</p>
      <nav aria-label={label ?? t("list.pagination")} className={classes.pages}>
        {page > 1 ? (
          <a className={classes.link} href={href(page - 1)} rel="prev">
            {t("list.previous")}
          </a>
        ) : null}
        {pages.map((p) => (
          <a key={p} className={classes.link} href={href(p)} aria-current={p === page ? "page" : undefined} aria-label={t("list.page", { page: p })}>
            {p}
          </a>
        ))}
        {page < pageCount ? (
          <a className={classes.link} href={href(page + 1)} rel="next">
            {t("list.next")}
          </a>
        ) : null}
      </nav>
    </div>
  );
}
