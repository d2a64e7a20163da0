import { useMatches } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { RouteHandle } from "~/i18n/namespaces";

type Named = { name?: unknown; term?: unknown };

/** A record's name in a page's data: the service, area, category or base-data record it shows. */
function recordName(data: unknown): string | undefined {
  if (!data || typeof data !== "object") return undefined;
  const page = data as { service?: Named; area?: Named; category?: Named; record?: Named; user?: Named };
  for (const record of [page.service, page.area, page.category, page.record, page.user]) {
    const name = record?.name ?? record?.term;
    if (typeof name === "string" && name) return name;
  }
  return undefined;
}

/**
 * The browser tab's title: the page's own name, then "ServiceHub" ("Service-Katalog · ServiceHub",
 * "Notebook-Bereitstellung · ServiceHub"). Each route names its title key in its `handle`
 * (`routeHandle({ title })`), so titles are translated like everything else; a record's page
 * shows its name.
 */
export function PageTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  let title: string | undefined;
  for (const match of [...matches].reverse()) {
    const named = (match.handle as RouteHandle | undefined)?.title;
    const key = typeof named === "function" ? (named as (data: unknown) => string | undefined)(match.data) : named;
    title = key ? t(key) : recordName(match.data);
    if (title) break;
  }
  return <title>{title ? `${title} · ${t("app.name")}` : t("app.name")}</title>;
}
