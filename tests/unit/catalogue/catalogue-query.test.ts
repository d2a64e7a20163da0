import { describe, expect, it } from "vitest";
import {
  DEFAULT_QUERY,
  ZOOM_MAX,
  ZOOM_MIN,
  clampZoom,
  effectiveCategoryFilter,
  exactTerm,
  parseCatalogueQuery,
  parseSearchTerm,
  toSearchParams,
  toggleId,
  withQuery,
  type CatalogueQuery,
} from "~/modules/catalogue/catalogue-query";

function parse(search: string): CatalogueQuery {
  return parseCatalogueQuery(new URLSearchParams(search));
}

/** The query part of a browser link. */
function search(link: string): string {
  return link.slice(link.indexOf("?") + 1);
}

describe("parseCatalogueQuery defaults", () => {
  it("an empty query gives the defaults: sort by position, descending, page 1, zoom 1", () => {
    const q = parse("");
    expect(q).toEqual(DEFAULT_QUERY);
    expect(q.sort).toBe("position");
    expect(q.dir).toBe("desc");
    expect(q.page).toBe(1);
    expect(q.zoom).toBe(1);
    expect(q.view).toBeNull();
  });

  it("the defaults serialise to nothing, so plain links stay short", () => {
    expect(toSearchParams(DEFAULT_QUERY).toString()).toBe("");
    expect(toSearchParams({}).toString()).toBe("");
    expect(withQuery(DEFAULT_QUERY, {})).toBe("/servicecatalog");
  });
});

describe("parse / serialise round trip", () => {
  it("a query with every field set survives toSearchParams → parseCatalogueQuery", () => {
    const query: CatalogueQuery = {
      view: 3,
      q: '"Mail & Kalender" 50%',
      categories: [4, -1, 12],
      areas: [2],
      owners: [7, 9],
      statuses: ["open", "closed"],
      percents: [0, 50, 100],
      types: ["it"],
      tags: [3, 5],
      providers: [8],
      missing: ["owner", "kpi", "description"],
      review: ["due", "overdue"],
      stages: ["pipeline", "retired"],
      translations: ["en-missing", "fr-outdated"],
      unchanged: "2025-02-28",
      sort: "alphabet",
      dir: "asc",
      page: 4,
      open: [10, 11],
      expandAll: false,
      zoom: 0.475,
      move: 42,
      filters: true,
    };
    expect(parseCatalogueQuery(toSearchParams(query))).toEqual(query);
  });

  it("translation filters: a known language and state only", () => {
    expect(parseCatalogueQuery(new URLSearchParams("tr=en-missing&tr=xx-missing&tr=en-gone&tr=en-outdated&tr=en-missing")).translations).toEqual(["en-missing", "en-outdated"]);
  });

  it("expand=all round-trips and then leaves the individual open ids out", () => {
    const query: CatalogueQuery = { ...DEFAULT_QUERY, expandAll: true, open: [1, 2], view: 1 };
    const params = toSearchParams(query);
    expect(params.getAll("open")).toEqual([]);
    expect(params.get("expand")).toBe("all");
    expect(parseCatalogueQuery(params)).toEqual({ ...query, open: [] });
  });

  it("every sort key and direction round-trips", () => {
    for (const sort of ["position", "createDate", "editDate", "alphabet"] as const) {
      for (const dir of ["asc", "desc"] as const) {
        const query = { ...DEFAULT_QUERY, sort, dir };
        expect(parseCatalogueQuery(toSearchParams(query))).toEqual(query);
      }
    }
  });

  it("withQuery resets the page to 1 unless the change sets one", () => {
    const current = { ...DEFAULT_QUERY, page: 5, q: "mail" };
    const link = withQuery(current, { statuses: ["open"] });
    expect(link.startsWith("/servicecatalog?")).toBe(true);
    const parsed = parse(search(link));
    expect(parsed.page).toBe(1);
    expect(parsed.q).toBe("mail");
    expect(parsed.statuses).toEqual(["open"]);
    expect(parse(search(withQuery(current, { page: 3 }))).page).toBe(3);
  });

  it("withQuery closes an open move form unless the change opens one", () => {
    const current = { ...DEFAULT_QUERY, view: 1 as const, open: [3], move: 17 };
    expect(parse(search(withQuery(current, { zoom: 0.5 }))).move).toBeNull();
    expect(parse(search(withQuery(current, { move: 18 }))).move).toBe(18);
    expect(parse("move=abc").move).toBeNull();
    expect(parse("move=-4").move).toBeNull();
  });
});

describe("tolerant parsing", () => {
  it("reads providers, every completeness field as a missing key, and only real days as 'unchanged since'", () => {
    const q = parse("provider=2,3&missing=tag,costs,category,short_description&unchanged=2025-11-30");
    expect(q.providers).toEqual([2, 3]);
    expect(q.missing).toEqual(["tag", "costs", "category", "short_description"]);
    expect(q.unchanged).toBe("2025-11-30");
    for (const bad of ["2025-02-30", "2025-13-01", "25-01-01", "yesterday", ""]) expect(parse(`unchanged=${bad}`).unchanged).toBeNull();
  });

  it("drops malformed ids and accepts comma-separated and repeated values without duplicates", () => {
    const q = parse("cat=1,2&cat=x&cat=2&cat=&cat=1.5&cat=-1&area=abc&owner=3&owner=%20&tag=4,4,5");
    expect(q.categories).toEqual([1, 2, -1]);
    expect(q.areas).toEqual([]);
    expect(q.owners).toEqual([3]);
    expect(q.tags).toEqual([4, 5]);
  });

  it("drops unknown statuses, types, missing keys and sort keys", () => {
    const q = parse("status=open&status=bogus,closed&status=OPEN&type=it,business&missing=kpi,price&sort=price&dir=up");
    expect(q.statuses).toEqual(["open", "closed"]);
    expect(q.types).toEqual(["it"]);
    expect(q.missing).toEqual(["kpi"]);
    expect(q.sort).toBe("position");
    expect(q.dir).toBe("desc");
  });

  it("accepts percents 0..100 only (integers)", () => {
    expect(parse("pct=0&pct=100&pct=101&pct=-1&pct=50,75&pct=12.5&pct=x").percents).toEqual([0, 100, 50, 75]);
  });

  it("only the browser views 0, 1 and 3 are kept", () => {
    expect(parse("view=0").view).toBe(0);
    expect(parse("view=1").view).toBe(1);
    expect(parse("view=3").view).toBe(3);
    for (const bad of ["2", "4", "5", "6", "7", "-1", "1.5", "x", ""]) expect(parse(`view=${bad}`).view, bad).toBeNull();
  });

  it("the page is an integer of at least 1", () => {
    expect(parse("page=3").page).toBe(3);
    expect(parse("page=2.7").page).toBe(2);
    for (const bad of ["0", "-4", "abc", ""]) expect(parse(`page=${bad}`).page, bad).toBe(1);
  });

  it("clamps the zoom to 0.3..1 in steps of 0.025", () => {
    expect(parse("zoom=0.5").zoom).toBe(0.5);
    expect(parse("zoom=0.1").zoom).toBe(ZOOM_MIN);
    expect(parse("zoom=0").zoom).toBe(ZOOM_MIN);
    expect(parse("zoom=-2").zoom).toBe(ZOOM_MIN);
    expect(parse("zoom=7").zoom).toBe(ZOOM_MAX);
    expect(parse("zoom=0.51").zoom).toBe(0.5);
    expect(parse("zoom=0.52").zoom).toBe(0.525);
    expect(parse("zoom=abc").zoom).toBe(1);
    expect(parse("zoom=Infinity").zoom).toBe(1);
    for (let raw = 0; raw <= 1.2; raw += 0.0137) {
      const z = clampZoom(raw);
      expect(z).toBeGreaterThanOrEqual(ZOOM_MIN);
      expect(z).toBeLessThanOrEqual(ZOOM_MAX);
      // A whole number of 0.025 steps, without floating-point noise.
      expect(Math.round(z * 1000) % 25, String(z)).toBe(0);
      expect(String(z).length, String(z)).toBeLessThanOrEqual(5);
    }
  });

  it("an empty zoom parameter is dropped like any other malformed value (zoom stays 1)", () => {
    expect(parse("zoom=").zoom).toBe(1);
  });

  it("limits the search term to 200 characters", () => {
    expect(parse(`q=${"a".repeat(300)}`).q).toHaveLength(200);
  });

  it("expand is only 'all'", () => {
    expect(parse("expand=all").expandAll).toBe(true);
    expect(parse("expand=yes").expandAll).toBe(false);
  });
});

describe("parseSearchTerm", () => {
  it("a trimmed term in double quotes is an exact name, with the inner spaces trimmed too", () => {
    expect(parseSearchTerm('"Mail Service"')).toEqual({ kind: "exact", name: "Mail Service" });
    expect(parseSearchTerm('   "Mail Service"  ')).toEqual({ kind: "exact", name: "Mail Service" });
    expect(parseSearchTerm('" Mail "')).toEqual({ kind: "exact", name: "Mail" });
  });

  it('empty quotes ("" or "  ") and blank terms mean no search', () => {
    expect(parseSearchTerm('""')).toEqual({ kind: "none" });
    expect(parseSearchTerm('"   "')).toEqual({ kind: "none" });
    expect(parseSearchTerm("")).toEqual({ kind: "none" });
    expect(parseSearchTerm("   ")).toEqual({ kind: "none" });
  });

  it("an unbalanced quote is a substring search for the trimmed term as typed", () => {
    expect(parseSearchTerm('"Mail')).toEqual({ kind: "substring", term: '"Mail' });
    expect(parseSearchTerm('Mail"')).toEqual({ kind: "substring", term: 'Mail"' });
    expect(parseSearchTerm('"')).toEqual({ kind: "substring", term: '"' });
  });

  it("a plain term is a trimmed substring search", () => {
    expect(parseSearchTerm("  mail box ")).toEqual({ kind: "substring", term: "mail box" });
  });

  it("exactTerm wraps a name so that it parses back as exact", () => {
    expect(parseSearchTerm(exactTerm("Mail Service"))).toEqual({ kind: "exact", name: "Mail Service" });
  });
});

describe("effectiveCategoryFilter", () => {
  it("no chosen categories and no areas: no restriction", () => {
    expect(effectiveCategoryFilter([], null)).toBeNull();
  });

  it("chosen categories alone are kept as they are, -1 included", () => {
    expect(effectiveCategoryFilter([3, 4], null)).toEqual([3, 4]);
    expect(effectiveCategoryFilter([-1], null)).toEqual([-1]);
    expect(effectiveCategoryFilter([-1, 3], null)).toEqual([-1, 3]);
  });

  it("chosen areas without chosen categories restrict to the areas' categories", () => {
    expect(effectiveCategoryFilter([], [5, 6])).toEqual([5, 6]);
  });

  it("areas without any category leave the placeholder -1 (nothing matches, not everything)", () => {
    expect(effectiveCategoryFilter([], [])).toEqual([-1]);
  });

  it("chosen categories and areas intersect; an empty intersection becomes -1", () => {
    expect(effectiveCategoryFilter([1, 5], [5, 6])).toEqual([5]);
    expect(effectiveCategoryFilter([1], [5, 6])).toEqual([-1]);
  });

  it("a chosen -1 survives the intersection with areas", () => {
    expect(effectiveCategoryFilter([-1, 5], [5])).toContain(-1);
    expect(effectiveCategoryFilter([-1], [5])).toEqual([-1]);
  });

  it("does not modify its inputs", () => {
    const chosen = [1, 5];
    const areas = [5];
    effectiveCategoryFilter(chosen, areas);
    expect(chosen).toEqual([1, 5]);
    expect(areas).toEqual([5]);
  });
});

describe("toggleId", () => {
  it("adds a missing id at the end and removes a present one", () => {
    expect(toggleId([1, 2], 3)).toEqual([1, 2, 3]);
    expect(toggleId([1, 2, 3], 2)).toEqual([1, 3]);
    expect(toggleId([], 7)).toEqual([7]);
  });

  it("toggling twice restores the list and leaves the input untouched", () => {
    const ids = [4, 5];
    expect(toggleId(toggleId(ids, 9), 9)).toEqual([4, 5]);
    toggleId(ids, 4);
    expect(ids).toEqual([4, 5]);
  });
});
