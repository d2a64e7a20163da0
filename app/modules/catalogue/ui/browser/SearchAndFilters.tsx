import { Form } from "@remix-run/react";
import { IconChevronDown, IconChevronRight, IconSearch } from "@tabler/icons-react";
import { useEffect, useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { COMPLETENESS_FIELDS } from "~/modules/catalogue/completeness";
import { REVIEW_STATES } from "~/modules/service/review-cadence";
import { languageName } from "~/modules/translations/translations";
import { SERVICE_STAGES } from "~/modules/service/service-stage";
import { BROWSER_PATH, PERCENT_BANDS, SERVICE_STATUSES, SERVICE_TYPES, SORT_KEYS, exactTerm, percentBand, withQuery, type BrowserView } from "~/modules/catalogue/catalogue-query";
import { NativeCheckbox } from "../../../../ui/NativeCheckbox";
import { PlainButton, PlainLinkButton, PlainSelect, PlainTextInput, plain } from "../../../../ui/plain/Plain";
import type { Query, StructureData } from "../../browser-types";
import classes from "./catalogue.module.css";


function FilterGroup({ legend, children, columns = false }: { legend: string; children: ReactNode; columns?: boolean }) {
  return (
    <fieldset className={classes.fieldset}>
      <legend>{legend}</legend>
      <div className={columns ? classes.columnsList : classes.plainList}>{children}</div>
    </fieldset>
  );
}

function countActive(q: Query) {
  return [q.areas, q.categories, q.owners, q.statuses, q.percents, q.types, q.tags, q.providers, q.missing, q.review, q.stages, q.translations].filter((l) => l.length > 0).length + (q.unchanged ? 1 : 0);
}

type Suggestion = { id: number; name: string };

/**
 * Services matching the typed term (debounced). A plain fetch of the JSON endpoint rather than a
 * router fetcher: in Remix v2 a fetcher that starts while a navigation discovers routes can fail
 * with a 404 (react-router#13114), and typing then pressing Enter does exactly that.
 */
function useSuggestions(term: string): Suggestion[] {
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  useEffect(() => {
    const trimmed = term.trim();
    if (trimmed.length < 2 || trimmed.startsWith('"')) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      fetch(`/servicecatalog/suggest?q=${encodeURIComponent(trimmed)}`, { signal: controller.signal, headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? (response.json() as Promise<{ suggestions: Suggestion[] }>) : { suggestions: [] }))
        .then((data) => setSuggestions(data.suggestions))
        .catch(() => undefined); // aborted or offline: keep the last suggestions
    }, 200);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [term]);
  return suggestions;
}

/** What the search form and its filter panel show: the view, the query and the choices. */
interface FilterProps {
  view: BrowserView;
  query: Query;
  structure: StructureData;
  areaActive: boolean;
  options: { owners: { id: number; name: string }[]; tags: { id: number; name: string }[]; providers: { id: number; name: string }[]; languages?: string[] };
}

/**
 * Search, sort and every filter as one GET form: each state is a URL, so it works without JS
 * and can be shared. With JS the search box suggests services; picking one searches its exact name.
 */
export function SearchAndFilters({ view, query, structure, areaActive, options }: FilterProps) {
  const { t } = useTranslation();
  const listId = useId();
  const [term, setTerm] = useState(query.q);
  useEffect(() => setTerm(query.q), [query.q]);
  const suggestions = useSuggestions(term);
  const active = countActive(query);
  const [open, setOpen] = useState(active > 0 || query.filters);
  useEffect(() => setOpen(active > 0 || query.filters), [active, query.filters]);
  return (
    <Form method="get" className={classes.searchForm} role="search">
      {view !== 0 ? <input type="hidden" name="view" value={view} /> : <input type="hidden" name="view" value="0" />}
      {query.expandAll ? <input type="hidden" name="expand" value="all" /> : null}
      {query.zoom !== 1 ? <input type="hidden" name="zoom" value={query.zoom} /> : null}
      <div className={plain.row}>
        <PlainTextInput
          name="q"
          type="search"
          label={t("catalogue.search.label")}
          placeholder={t("catalogue.search.placeholder")}
          value={term}
          onChange={(e) => setTerm(e.currentTarget.value)}
          list={listId}
          autoComplete="off"
          icon={<IconSearch size={16} aria-hidden />}
          fieldStyle={{ flex: "1 1 320px" }}
          data-testid="search-input"
        />
        <datalist id={listId} data-testid="suggestions">
          {suggestions.map((s) => (
            <option key={s.id} value={exactTerm(s.name)} />
          ))}
        </datalist>
        <PlainSelect
          name="sort"
          label={t("catalogue.sort.label")}
          defaultValue={query.sort}
          data={SORT_KEYS.map((k) => ({
            value: k,
            label: t(`catalogue.sort.${k}`),
          }))}
        />
        <PlainSelect
          name="dir"
          label={t("catalogue.sort.direction")}
          defaultValue={query.dir}
          data={[
            { value: "desc", label: t("catalogue.sort.desc") },
            { value: "asc", label: t("catalogue.sort.asc") },
          ]}
        />
        <PlainButton type="submit" data-testid="search-submit">
          {t("catalogue.search.submit")}
        </PlainButton>
        {query.q || active ? (
          <PlainLinkButton href={`${BROWSER_PATH}?view=${view}`} variant="subtle">
            {t("catalogue.search.reset")}
          </PlainLinkButton>
        ) : null}
      </div>
      <div className={classes.filters} data-testid="filters">
        <a
          href={withQuery(query, { page: query.page, filters: !open })}
          className={classes.filtersToggle}
          aria-expanded={open}
          data-testid="filters-toggle"
          onClick={(event) => {
            event.preventDefault();
            setOpen(!open);
          }}
        >
          {open ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
          {t("catalogue.filters.title")}
          {active ? <span className={plain.dim}>{` · ${t("catalogue.filters.active", { count: active })}`}</span> : null}
        </a>
        {open ? <FilterPanel view={view} query={query} structure={structure} areaActive={areaActive} options={options} /> : null}
      </div>
    </Form>
  );
}

/** The filter checkboxes: ~200 inputs with a large catalogue, so rendered only when opened. */
function FilterPanel({ view, query, structure, areaActive, options }: FilterProps) {
  const { t, i18n } = useTranslation();
  const active = countActive(query);
  const checkbox = (name: string, value: string | number, label: string, checked: boolean) => (
    <NativeCheckbox key={`${name}-${value}`} name={name} value={String(value)} label={label} defaultChecked={checked} />
  );
  return (
    <>
      <div className={classes.filterGrid}>
        {areaActive && structure.areas.length ? (
          <FilterGroup legend={t("catalogue.filters.areas")}>{structure.areas.map((a) => checkbox("area", a.id, a.name, query.areas.includes(a.id)))}</FilterGroup>
        ) : null}
        <FilterGroup legend={t("catalogue.filters.categories")}>
          <div className={classes.scrollList}>{structure.categories.map((c) => checkbox("cat", c.id, c.name, query.categories.includes(c.id)))}</div>
        </FilterGroup>
        <FilterGroup legend={t("catalogue.filters.owners")}>
          <div className={classes.scrollList}>{options.owners.map((o) => checkbox("owner", o.id, o.name, query.owners.includes(o.id)))}</div>
        </FilterGroup>
        <FilterGroup legend={t("catalogue.filters.tags")}>
          <div className={classes.scrollList}>{options.tags.map((tag) => checkbox("tag", tag.id, tag.name, query.tags.includes(tag.id)))}</div>
        </FilterGroup>
        <FilterGroup legend={t("catalogue.filters.providers")}>
          <div className={classes.scrollList}>{options.providers.map((p) => checkbox("provider", p.id, p.name, query.providers.includes(p.id)))}</div>
        </FilterGroup>
        <FilterGroup legend={t("catalogue.filters.status")}>
          {SERVICE_STATUSES.map((s) => checkbox("status", s, t(`catalogue.status.${s}`), query.statuses.includes(s)))}
        </FilterGroup>
        <FilterGroup legend={t("catalogue.filters.percent")} columns>
          {PERCENT_BANDS.map((p) => {
            const [from, to] = percentBand(p);
            return checkbox("pct", p, from === to ? `${from} %` : `${from}–${to} %`, query.percents.includes(p));
          })}
        </FilterGroup>
        <FilterGroup legend={t("catalogue.filters.type")}>{SERVICE_TYPES.map((ty) => checkbox("type", ty, t(`catalogue.type.${ty}`), query.types.includes(ty)))}</FilterGroup>
        <FilterGroup legend={t("catalogue.filters.missing")}>
          <div className={classes.scrollList}>
            {COMPLETENESS_FIELDS.map((field) => checkbox("missing", field, t(`catalogue.filters.missingFields.${field}`), query.missing.includes(field)))}
          </div>
        </FilterGroup>
        <FilterGroup legend={t("catalogue.filters.stage")}>
          {SERVICE_STAGES.map((stage) => checkbox("stage", stage, t(`catalogue.stages.${stage}`), query.stages.includes(stage)))}
        </FilterGroup>
        <FilterGroup legend={t("catalogue.filters.review")}>
          {REVIEW_STATES.map((state) => checkbox("review", state, t(`catalogue.filters.reviewStates.${state}`), query.review.includes(state)))}
        </FilterGroup>
        {options.languages?.length ? (
          <FilterGroup legend={t("catalogue.filters.translation")}>
            {options.languages.flatMap((language) =>
              (["missing", "outdated"] as const).map((state) =>
                checkbox("tr", `${language}-${state}`, t(`catalogue.filters.translationStates.${state}`, { language: languageName(language, i18n.language) }), query.translations.includes(`${language}-${state}`)),
              ),
            )}
          </FilterGroup>
        ) : null}
        <FilterGroup legend={t("catalogue.filters.changes")}>
          <PlainTextInput type="date" name="unchanged" label={t("catalogue.filters.unchanged")} defaultValue={query.unchanged ?? ""} data-testid="filter-unchanged" />
        </FilterGroup>
      </div>
      <div className={`${plain.row} ${classes.filterActions}`}>
        <PlainButton type="submit" variant="light" data-testid="apply-filters">
          {t("catalogue.filters.apply")}
        </PlainButton>
        {active ? (
          <PlainLinkButton href={`${BROWSER_PATH}?view=${view}${query.q ? `&q=${encodeURIComponent(query.q)}` : ""}`} variant="subtle">
            {t("catalogue.filters.clear")}
          </PlainLinkButton>
        ) : null}
      </div>
    </>
  );
}
