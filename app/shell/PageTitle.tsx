import { useMatches } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * The browser tab's title: the page's own name, then "ServiceHub" ("Service-Katalog · ServiceHub",
 * "Notebook-Bereitstellung · ServiceHub"). One table for every route instead of a meta export
 * per file, so titles are translated like everything else. A record's page shows its name.
 */
const TITLES: Record<string, string> = {
  "routes/_auth.login": "auth.loginTitle",
  "routes/_auth.reset-password": "auth.resetTitle",
  "routes/_auth.reset-password_.$token": "auth.resetTitle",
  "routes/_app.dashboard": "nav.dashboard",
  "routes/_app.servicecatalog._browser": "app.titles.servicecatalog",
  "routes/_app.servicecatalog._browser.save-view": "views.save.title",
  "routes/_app.views": "views.title",
  "routes/_app.views.$id.edit": "views.edit.title",
  "routes/_app.views.$id.delete": "views.delete.title",
  "routes/_app.documentation._index": "documentation.title",
  "routes/_app.documentation.$chapter": "documentation.title",
  "routes/_app.dashboard_.info": "productinfo.title",
  "routes/_app.servicecatalog.catalogues": "catalogue.managerTitle",
  "routes/_app.servicecatalog.new": "app.titles.create",
  "routes/_app.servicecatalog.ai": "ai.create.title",
  "routes/_app.bin": "nav.bin",
  "routes/_app.basedata.customerdata": "nav.customerdata",
  "routes/_app.admin.tags": "nav.tags",
  "routes/_app.admin.logs": "logs.title",
  "routes/_app.admin.logo": "appearance.title",
  "routes/_app.admin.servicearea": "appearance.serviceArea.title",
  "routes/_app.admin.logs_.$id": "logs.detail.pageTitle",
  "routes/_app.admin.usermanagement": "users.title",
  "routes/_app.admin.usermanagement.new": "users.newTitle",
  "routes/_app.admin.serviceattributes": "attributes.title",
  "routes/_app.admin.serviceattributes_.new": "attributes.newTitle",
  "routes/_app.admin.serviceattributes_.$id": "attributes.title",
  "routes/_app.admin.attributemasks": "masks.title",
  "routes/_app.admin.attributemasks_.new": "masks.newTitle",
  "routes/_app.admin.attributemasks_.$id": "masks.pageTitle",
  "routes/_app.admin.serviceheadlines": "headlines.title",
  "routes/_app.settings": "settings.title",
  "routes/_app.settings.password": "topbar.changePassword",
  "routes/_app.settings.contract": "contract.title",
  "routes/_app.admin.supporttickets": "support.tickets.title",
  "routes/_app.support": "support.title",
  "routes/_app.admin.systeminfo": "systeminfo.title",
  "routes/_app.credits._index": "credits.title",
  "routes/_app.tools": "tools.title",
  "routes/_app.credits.products": "credits.products.title",
  "routes/_app.admin.credits": "credits.admin.title",
  "routes/_app.patch-notes": "systeminfo.patchNotes.title",
  "routes/_app.unauthorized": "errors.unauthorizedTitle",
  "routes/_app.menu": "nav.menuPage",
  "routes/_app.catalogframe.$id": "catalogframe.title",
  "routes/catalogframe.$id.print": "catalogframe.title",
  "routes/_app.factory.catalog": "factory.catalog.title",
  "routes/_app.factory.catalog.import": "factory.import.title",
  "routes/_app.factory.provider": "factory.basedata.provider.title",
  "routes/_app.factory.kpi": "factory.basedata.kpi.title",
  "routes/_app.reports": "reports.title",
  "routes/_app.sla": "sla.title",
};

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

export function PageTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  let title: string | undefined;
  for (const match of [...matches].reverse()) {
    const key = TITLES[match.id];
    const entity = (match.data as { entity?: string } | undefined)?.entity;
    title = key ? t(key) : (recordName(match.data) ?? (entity ? t(`basedata.${entity}.title`) : undefined));
    if (title) break;
  }
  return <title>{title ? `${title} · ${t("app.name")}` : t("app.name")}</title>;
}
