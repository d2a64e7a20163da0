import { useTranslation } from "react-i18next";
import { useCatalogueLabels } from "./StatusBadge";
import type { Chip, StructureData } from "../../browser-types";
import classes from "./catalogue.module.css";

/**
 * View 3, the catalogue map: areas as columns, categories as cards, services as compact chips
 * coloured by status — one page to print or to show in a meeting.
 */
export function MapView({ structure, chips, areaActive, filtered }: { structure: StructureData; chips: Record<string, Chip[]>; areaActive: boolean; filtered: boolean }) {
  const { t } = useTranslation();
  const categories = structure.categories.filter((c) => !filtered || c.count > 0);
  const columns = areaActive
    ? [
        ...structure.areas.map((a) => ({ key: `a${a.id}`, title: a.name, href: `/servicecatalog/area/${a.id}`, categories: categories.filter((c) => c.areaId === a.id) })),
        { key: "none", title: t("catalogue.noArea"), href: null, categories: categories.filter((c) => c.areaId === null || !structure.areas.some((a) => a.id === c.areaId)) },
      ].filter((col) => col.categories.length > 0 || (!filtered && col.href))
    : [{ key: "all", title: null as string | null, href: null as string | null, categories }];
  // Thousands of chips share three labels: translate them once.
  const statusLabel = useCatalogueLabels().status;
  const card = (c: { id: number; name: string; count: number }, href: string | null) => {
    const list = chips[String(c.id)] ?? [];
    return (
      <article key={c.id} className={classes.mapCard} data-testid="map-category">
        <header className={classes.mapCardHead}>
          {href ? (
            <a href={href} className={classes.mapCardTitle}>
              {c.name}
            </a>
          ) : (
            <strong className={classes.mapCardTitle}>{c.name}</strong>
          )}
          <span className={classes.dim}>{c.count}</span>
        </header>
        <ul className={classes.chips}>
          {list.map((s) => (
            <li key={s.id}>
              <a href={`/servicecatalog/service/${s.id}`} className={classes.chip} data-status={s.status} title={statusLabel[s.status] ?? s.status} data-testid="map-chip">
                {s.name}
              </a>
            </li>
          ))}
          {c.count > list.length ? (
            <li>
              <a href={href ?? "#"} className={classes.chipMore}>
                {t("catalogue.more", { count: c.count - list.length })}
              </a>
            </li>
          ) : null}
        </ul>
      </article>
    );
  };
  return (
    <div className={classes.map} data-testid="catalogue-map">
      <ul className={classes.legend} aria-label={t("catalogue.filters.status")}>
        {(["open", "checking", "closed"] as const).map((s) => (
          <li key={s}>
            <span className={classes.chip} data-status={s}>
              {t(`catalogue.status.${s}`)}
            </span>
          </li>
        ))}
      </ul>
      <div className={classes.mapColumns}>
        {columns.map((col) => (
          <section key={col.key} className={classes.mapColumn} data-testid="map-area">
            {col.title ? (
              <h2 className={classes.mapColumnTitle}>
                {col.href ? (
                  <a href={col.href} className={classes.link}>
                    {col.title}
                  </a>
                ) : (
                  col.title
                )}
              </h2>
            ) : null}
            {col.categories.map((c) => card(c, `/servicecatalog/category/${c.id}`))}
          </section>
        ))}
        {structure.uncategorised > 0 ? (
          <section className={classes.mapColumn}>{card({ id: 0, name: t("catalogue.uncategorised"), count: structure.uncategorised }, null)}</section>
        ) : null}
      </div>
    </div>
  );
}
