import { Group, Text } from "@mantine/core";
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import classes from "./PageLinks.module.css";

/** Pagination as plain links (works without JS), keeping the other query parameters. */
export function PageLinks({ page, pageCount, total }: { page: number; pageCount: number; total: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (pageCount <= 1) return <Text size="sm" c="dimmed">{t("list.total", { count: total })}</Text>;
  const href = (p: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(p));
    return `${location.pathname}?${params}`;
  };
  const from = Math.max(1, Math.min(page - 3, pageCount - 6));
  const pages = Array.from({ length: Math.min(7, pageCount) }, (_, i) => from + i);
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {t("list.total", { count: total })}
      </Text>
      <nav aria-label={t("list.pagination")}>
        <Group gap={4}>
          {page > 1 ? (
            <Link className={classes.link} to={href(page - 1)} rel="prev">
              {t("list.previous")}
            </Link>
          ) : null}
          {pages.map((p) => (
            <Link key={p} className={classes.link} to={href(p)} aria-current={p === page ? "page" : undefined} aria-label={t("list.page", { page: p })}>
              {p}
            </Link>
          ))}
          {page < pageCount ? (
            <Link className={classes.link} to={href(page + 1)} rel="next">
              {t("list.next")}
            </Link>
          ) : null}
        </Group>
      </nav>
    </Group>
  );
}
