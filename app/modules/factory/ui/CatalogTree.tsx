import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NativeCheckbox } from "~/ui/NativeCheckbox";
import type { TreeArea, TreeCatalogue, TreeCategory } from "./catalog-tree";
import classes from "./factory.module.css";

/** What the tree needs to show and change the selection (with JS; without JS the boxes are plain). */
export interface TreeSelection {
  areas: ReadonlySet<number>;
  categories: ReadonlySet<number>;
  services: ReadonlySet<number>;
  toggleArea: (id: number, on: boolean) => void;
  toggleCategory: (id: number, on: boolean) => void;
  toggleService: (id: number, on: boolean) => void;
  /** Whether an area or a category holds a service that may still be chosen (not linked); else its box is disabled. */
  areaChoosable: (id: number) => boolean;
  categoryChoosable: (id: number) => boolean;
}

interface Props {
  tree: TreeCatalogue[];
  linked: ReadonlyMap<number, number>;
  selection: TreeSelection;
  /** Appended to the preview links (the list's own query), so the list stays as it is. */
  search: string;
  showCatalogues: boolean;
}

function Category({ node, linked, selection, search }: { node: TreeCategory } & Omit<Props, "tree" | "showCatalogues">) {
  const { t } = useTranslation();
  const category = node.category;
  return (
    <li className={classes.category} data-testid={category ? `factory-category-${category.id}` : "factory-category-none"}>
      {category ? (
        <NativeCheckbox
          name="category"
          value={category.id}
          checked={selection.categories.has(category.id)}
          disabled={!selection.categoryChoosable(category.id)}
          onChange={(event) => selection.toggleCategory(category.id, event.currentTarget.checked)}
          label={
            <>
              <span className={classes.nodeName}>{category.name}</span> <span className={classes.count}>{t("factory.catalog.count", { count: node.services.length })}</span>
            </>
          }
        />
      ) : (
        <span className={classes.nodeName}>{t("factory.catalog.noCategory")}</span>
      )}
      {node.services.length ? (
        <ul className={classes.services}>
          {node.services.map((service) => {
            const localId = linked.get(service.id);
            return (
              <li key={service.id} className={classes.service} data-testid={`factory-service-${service.id}`} data-linked={localId ? "true" : undefined}>
                {localId ? (
                  <span className={classes.linked}>
                    <span>{service.name}</span>
                    <span className={classes.badge}>{t("factory.catalog.linked")}</span>
                    <Link to={`/servicecatalog/service/${localId}`} className={classes.link} aria-label={t("factory.catalog.openLocal", { name: service.name })}>
                      {t("factory.catalog.openLocalShort")}
                    </Link>
                  </span>
                ) : (
                  <NativeCheckbox
                    name="service"
                    value={service.id}
                    checked={selection.services.has(service.id)}
                    onChange={(event) => selection.toggleService(service.id, event.currentTarget.checked)}
                    label={service.name}
                  />
                )}
                <Link to={`/factory/catalog/service/${service.id}${search}`} className={classes.link} aria-label={t("factory.catalog.previewOf", { name: service.name })} preventScrollReset>
                  {t("factory.catalog.preview")}
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
    </li>
  );
}

function Area({ node, ...rest }: { node: TreeArea } & Omit<Props, "tree" | "showCatalogues">) {
  const { t } = useTranslation();
  const area = node.area;
  const count = node.categories.reduce((sum, c) => sum + c.services.length, 0);
  return (
    <li className={classes.area} data-testid={area ? `factory-area-${area.id}` : "factory-area-none"}>
      <div className={classes.areaHead}>
        {area ? (
          <NativeCheckbox
            name="area"
            value={area.id}
            checked={rest.selection.areas.has(area.id)}
            disabled={!rest.selection.areaChoosable(area.id)}
            onChange={(event) => rest.selection.toggleArea(area.id, event.currentTarget.checked)}
            label={
              <>
                <span className={classes.areaName}>{area.name}</span> <span className={classes.count}>{t("factory.catalog.count", { count })}</span>
              </>
            }
          />
        ) : (
          <span className={classes.areaName}>{t("factory.catalog.noArea")}</span>
        )}
      </div>
      <ul className={classes.categories}>
        {node.categories.map((category) => (
          <Category key={category.key} node={category} {...rest} />
        ))}
      </ul>
    </li>
  );
}

/** The template's areas, categories and services with their checkboxes; linked services are marked instead. */
export function CatalogTree({ tree, showCatalogues, ...rest }: Props) {
  const { t } = useTranslation();
  return (
    <div className={classes.tree} data-testid="factory-tree">
      {tree.map((catalogue) => (
        <section key={catalogue.key} aria-label={showCatalogues ? (catalogue.title ?? t("factory.catalog.catalogueFallback", { id: catalogue.id ?? "–" })) : undefined}>
          {showCatalogues ? <h2 className={classes.catalogueTitle}>{catalogue.title ?? t("factory.catalog.catalogueFallback", { id: catalogue.id ?? "–" })}</h2> : null}
          <ul className={classes.areas}>
            {catalogue.areas.map((area) => (
              <Area key={area.key} node={area} {...rest} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
