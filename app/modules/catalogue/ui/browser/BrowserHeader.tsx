import { Form, useSubmit } from "@remix-run/react";
import { IconBookmark, IconPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { isFiltered, toSearchParams, withQuery, type BrowserView } from "~/modules/catalogue/catalogue-query";
import { catalogueTitle } from "~/modules/catalogue/catalogue-title";
import { PlainButton, PlainButtonGroup, PlainLinkButton, PlainSelect, plain } from "../../../../ui/plain/Plain";
import type { CatalogueOption, CatalogueSize, Query } from "../../browser-types";
import { catalogueExportHref } from "~/modules/wordexport/export";
import { WordExportLink } from "~/modules/wordexport/ui/WordExportButton";
import { toolsHrefForBrowser } from "~/modules/tools/tools-query";
import classes from "./catalogue.module.css";

const VIEW_KEYS: Record<BrowserView, string> = { 0: "list", 1: "tree", 3: "map" };
const VIEWS: BrowserView[] = [0, 1, 3];

/** Title, catalogue picker, view switch, the Word export (when permitted) and the create menu entry. */
export function BrowserHeader({
  view,
  query,
  catalogues,
  catalogueId,
  size,
  canStructure,
  canExport = false,
}: {
  view: BrowserView;
  query: Query;
  catalogues: CatalogueOption[];
  catalogueId: number;
  size: CatalogueSize;
  canStructure: boolean;
  /** The user may export to Word (permission and licence): the current catalogue, or what search and filters show of it. */
  canExport?: boolean;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const current = catalogues.find((c) => c.id === catalogueId);
  return (
    <div className={classes.header}>
      <div>
        <h1 className={plain.pageTitle}>{current ? catalogueTitle(t, current) : t("catalogue.defaultLabel")}</h1>
        {current ? (
          <p className={plain.dim} data-testid="catalogue-counts">
            {t("catalogue.counts", { services: size.services, areas: size.areas, categories: size.categories })}
          </p>
        ) : null}
      </div>
      <div className={plain.row}>
        <Form method="post" className={plain.row}>
          <input type="hidden" name="intent" value="catalogue" />
          <PlainSelect
            name="catalogue"
            label={t("catalogue.current")}
            defaultValue={String(catalogueId)}
            data={catalogues.map((c) => ({ value: String(c.id), label: catalogueTitle(t, c) }))}
            onChange={(event) => submit(event.currentTarget.form)}
            data-testid="catalogue-picker"
          />
          <noscript>
            <PlainButton type="submit" variant="default">
              {t("catalogue.switch")}
            </PlainButton>
          </noscript>
        </Form>
        <PlainLinkButton href="/servicecatalog/catalogues" variant="default">
          {t("catalogue.manage")}
        </PlainLinkButton>
        {canStructure ? (
          <PlainLinkButton href="/servicecatalog/new" leftSection={<IconPlus size={16} aria-hidden />} data-testid="create-menu">
            {t("catalogue.createMenu.open")}
          </PlainLinkButton>
        ) : null}
      </div>
      <div className={`${classes.viewSwitch} ${plain.row}`}>
        <nav aria-label={t("catalogue.views.label")}>
          <PlainButtonGroup>
            {VIEWS.map((v) => (
              <PlainLinkButton
                key={v}
                href={withQuery(query, { view: v, page: query.page })}
                variant={v === view ? "filled" : "default"}
                aria-current={v === view ? "page" : undefined}
                data-testid={`view-${VIEW_KEYS[v]}`}
              >
                {t(`catalogue.views.${VIEW_KEYS[v]}`)}
              </PlainLinkButton>
            ))}
          </PlainButtonGroup>
        </nav>
        <PlainLinkButton href={toolsHrefForBrowser(catalogueId, query)} variant="default" data-testid="open-tools">
          {t(isFiltered(query) ? "tools.browser.openFiltered" : "tools.browser.open")}
        </PlainLinkButton>
        {/* A dialog over this page (a nested route), with the same state in its URL. */}
        <PlainLinkButton
          href={`/servicecatalog/save-view?${toSearchParams({ ...query, view, move: null })}`}
          variant="default"
          leftSection={<IconBookmark size={16} aria-hidden />}
          data-testid="save-view"
        >
          {t("views.save.open")}
        </PlainLinkButton>
        {canExport ? (
          <WordExportLink
            href={catalogueExportHref(catalogueId, query)}
            label={t(isFiltered(query) ? "wordexport.exportFiltered" : "wordexport.export")}
            testId="word-export"
          />
        ) : null}
      </div>
    </div>
  );
}
