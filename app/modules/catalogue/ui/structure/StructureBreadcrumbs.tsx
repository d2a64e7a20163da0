import { Anchor, Breadcrumbs, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { catalogueTitle, type CatalogueNaming } from "~/modules/catalogue/catalogue-title";

export interface Crumb {
  label: string;
  /** Omitted for the current page. */
  to?: string;
}

/** The first crumb: the record's catalogue by its title (the browser when it has none). */
export function catalogueCrumb(t: TFunction, catalogue: CatalogueNaming | null): Crumb {
  return { label: catalogue ? catalogueTitle(t, catalogue) : t("structure.catalogue"), to: "/servicecatalog" };
}

/** Catalogue › area › category; the last entry is the current page. */
export function StructureBreadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("structure.breadcrumb")} data-testid="breadcrumb">
      <Breadcrumbs separator="›">
        {crumbs.map((crumb) =>
          crumb.to ? (
            <Anchor key={crumb.to} component={Link} to={crumb.to} size="sm">
              {crumb.label}
            </Anchor>
          ) : (
            <Text key="current" size="sm" aria-current="page">
              {crumb.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
