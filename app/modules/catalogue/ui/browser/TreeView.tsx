import { useFetcher } from "@remix-run/react";
import { IconZoomIn, IconZoomOut } from "@tabler/icons-react";
import { useState, type DragEvent } from "react";
import { useTranslation } from "react-i18next";
import { countText, templated } from "~/ui/fast-translate";
import { ZOOM_MAX, ZOOM_MIN, ZOOM_STEP, clampZoom, toggleId, withQuery } from "~/modules/catalogue/catalogue-query";
import { PlainLinkButton } from "../../../../ui/plain/Plain";
import { ServiceMoveControls, ServiceMoveToForm } from "./ServiceMoveControls";
import { StatusBadge, useCatalogueLabels } from "./StatusBadge";
import { mayEdit, type Chip, type EditScope, type Query, type StructureData } from "../../browser-types";
import classes from "./catalogue.module.css";

const UNCATEGORISED = 0;

/**
 * View 1: areas › categories › services. Expansion and zoom live in the URL. Services can be
 * reordered and moved by drag and drop (JS) or by the buttons beside them (keyboard, no JS) —
 * only while sorting by position, where the order shown is the order stored.
 */
export function TreeView({
  query,
  structure,
  chips,
  areaActive,
  scope,
}: {
  query: Query;
  structure: StructureData;
  chips: Record<string, Chip[]>;
  areaActive: boolean;
  scope: EditScope;
}) {
  const { t, i18n } = useTranslation();
  const expandLabel = templated(t, "catalogue.tree.expand", "name");
  const collapseLabel = templated(t, "catalogue.tree.collapse", "name");
  const labels = useCatalogueLabels();
  const fetcher = useFetcher();
  const [dragging, setDragging] = useState<number | null>(null);
  const filtered = Boolean(query.q || query.categories.length || query.owners.length || query.statuses.length || query.percents.length || query.types.length || query.tags.length || query.missing.length || query.areas.length);
  // Positions are stored per category over all its services; a filtered list shows only some of
  // them, so an index on screen would not be an index in the category. Reorder the full list only.
  const reorder = query.sort === "position" && !filtered;
  const categories = structure.categories.filter((c) => !filtered || c.count > 0);
  const isOpen = (id: number) => query.expandAll || query.open.includes(id);
  const toggleHref = (id: number) =>
    query.expandAll
      ? withQuery(query, { expandAll: false, open: [...structure.categories.map((c) => c.id), UNCATEGORISED].filter((x) => x !== id) })
      : withQuery(query, { open: toggleId(query.open, id) });
  // A `user` may only move into categories granted to them.
  const allCategories = structure.categories.filter((c) => scope.all || scope.categories.includes(c.id)).map((c) => ({ id: c.id, name: c.name }));

  function drop(event: DragEvent, categoryId: number, index: number) {
    event.preventDefault();
    event.stopPropagation();
    const serviceId = Number(event.dataTransfer.getData("text/x-service-id"));
    setDragging(null);
    if (!serviceId) return;
    fetcher.submit({ intent: "move", service: String(serviceId), category: String(categoryId), index: String(index), fetcher: "1" }, { method: "post" });
  }

  function categoryNode(c: { id: number; name: string; count: number }) {
    const services = chips[String(c.id)] ?? [];
    const open = isOpen(c.id);
    const canDrop = reorder && c.id !== UNCATEGORISED && (scope.all || scope.categories.includes(c.id));
    return (
      <li
        key={c.id}
        className={classes.treeCategory}
        data-testid="tree-category"
        data-drop-target={dragging !== null && canDrop ? "" : undefined}
        onDragOver={canDrop ? (e) => e.preventDefault() : undefined}
        onDrop={canDrop ? (e) => drop(e, c.id, c.count) : undefined}
      >
        <div className={classes.treeCategoryHead}>
          <a href={toggleHref(c.id)} data-keep-scroll aria-expanded={open} aria-label={(open ? collapseLabel : expandLabel)(c.name)} className={`${classes.link} ${classes.toggle}`}>
            <span className={classes.chevron} data-open={open || undefined} aria-hidden />
          </a>
          {c.id === UNCATEGORISED ? (
            <strong>{c.name}</strong>
          ) : (
            <a className={`${classes.link} ${classes.strong}`} href={`/servicecatalog/category/${c.id}`}>
              {c.name}
            </a>
          )}
          <span className={classes.dim}>{countText(t, i18n.language, "catalogue.servicesCount", c.count)}</span>
        </div>
        {open ? (
          <ol className={classes.treeServices}>
            {services.map((s, index) => {
              const editable = reorder && c.id !== UNCATEGORISED && mayEdit(scope, s);
              return (
                <li
                  key={s.id}
                  className={classes.treeService}
                  data-testid="tree-service"
                  draggable={editable}
                  onDragStart={editable ? (e) => {
                    e.dataTransfer.setData("text/x-service-id", String(s.id));
                    e.dataTransfer.effectAllowed = "move";
                    setDragging(s.id);
                  } : undefined}
                  onDragEnd={() => setDragging(null)}
                  onDragOver={canDrop ? (e) => e.preventDefault() : undefined}
                  onDrop={canDrop ? (e) => drop(e, c.id, index) : undefined}
                >
                  {editable ? (
                    <span aria-hidden className={classes.grip}>
                      ⋮⋮
                    </span>
                  ) : null}
                  <a className={classes.link} href={`/servicecatalog/service/${s.id}`}>
                    {s.name}
                  </a>
                  <StatusBadge status={s.status} percent={s.statuspercent} label={labels.status[s.status]} />
                  {editable ? (
                    <ServiceMoveControls serviceId={s.id} serviceName={s.name} categoryId={c.id} index={index} count={services.length} moveHref={withQuery(query, { page: query.page, move: s.id })} />
                  ) : null}
                  {editable && query.move === s.id ? (
                    <ServiceMoveToForm serviceId={s.id} categoryId={c.id} categories={allCategories} cancelHref={withQuery(query, { page: query.page })} />
                  ) : null}
                </li>
              );
            })}
            {c.count > services.length ? (
              <li className={classes.treeMore}>
                <a className={classes.link} href={`/servicecatalog/category/${c.id}`}>
                  {t("catalogue.more", { count: c.count - services.length })}
                </a>
              </li>
            ) : null}
          </ol>
        ) : null}
      </li>
    );
  }

  const groups = areaActive
    ? [
        ...structure.areas.map((a) => ({ key: `a${a.id}`, area: a as { id: number; name: string } | null, categories: categories.filter((c) => c.areaId === a.id) })),
        { key: "none", area: null, categories: categories.filter((c) => c.areaId === null || !structure.areas.some((a) => a.id === c.areaId)) },
      ]
    : [{ key: "all", area: null, categories }];
  const zoomTo = (z: number) => withQuery(query, { zoom: clampZoom(z) });

  return (
    <div className={classes.treeStack}>
      <div className={classes.treeToolbar}>
        <div className={classes.treeTools}>
          <PlainLinkButton href={withQuery(query, { expandAll: true, open: [] })} variant="default" size="xs" data-keep-scroll data-testid="expand-all">
            {t("catalogue.tree.expandAll")}
          </PlainLinkButton>
          <PlainLinkButton href={withQuery(query, { expandAll: false, open: [] })} variant="default" size="xs" data-keep-scroll data-testid="collapse-all">
            {t("catalogue.tree.collapseAll")}
          </PlainLinkButton>
        </div>
        <div className={classes.treeTools} aria-label={t("catalogue.tree.zoom")} role="group">
          <PlainLinkButton href={zoomTo(query.zoom - ZOOM_STEP)} variant="subtle" size="xs" aria-label={t("catalogue.tree.zoomOut")} aria-disabled={query.zoom <= ZOOM_MIN} data-keep-scroll>
            <IconZoomOut size={16} aria-hidden />
          </PlainLinkButton>
          <span className={classes.zoomValue} data-testid="zoom-value">
            {Math.round(query.zoom * 100)} %
          </span>
          <PlainLinkButton href={zoomTo(query.zoom + ZOOM_STEP)} variant="subtle" size="xs" aria-label={t("catalogue.tree.zoomIn")} aria-disabled={query.zoom >= ZOOM_MAX} data-keep-scroll>
            <IconZoomIn size={16} aria-hidden />
          </PlainLinkButton>
        </div>
      </div>
      {!reorder ? <p className={classes.hint}>{filtered ? t("catalogue.move.onlyUnfiltered") : t("catalogue.move.onlyByPosition")}</p> : null}
      <div className={classes.treeViewport}>
        <div className={classes.treeZoom} style={{ transform: `scale(${query.zoom})`, width: `${100 / query.zoom}%` }} data-testid="tree" data-zoom={query.zoom}>
          {groups.map((g) =>
            g.categories.length === 0 && (g.area === null || filtered) ? null : (
              <section key={g.key} className={classes.treeArea}>
                {areaActive ? (
                  g.area ? (
                    <a className={`${classes.link} ${classes.treeAreaTitle}`} href={`/servicecatalog/area/${g.area.id}`}>
                      {g.area.name}
                    </a>
                  ) : (
                    <p className={classes.treeAreaTitle}>{t("catalogue.noArea")}</p>
                  )
                ) : null}
                <ul className={classes.treeCategories}>{g.categories.map(categoryNode)}</ul>
              </section>
            ),
          )}
          {structure.uncategorised > 0 ? (
            <section className={classes.treeArea}>
              <ul className={classes.treeCategories}>{categoryNode({ id: UNCATEGORISED, name: t("catalogue.uncategorised"), count: structure.uncategorised })}</ul>
            </section>
          ) : null}
        </div>
      </div>
    </div>
  );
}
