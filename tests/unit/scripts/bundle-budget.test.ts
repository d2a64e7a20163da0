import { describe, expect, it } from "vitest";
import {
  budgetReport,
  chunkNames,
  DEFAULT_LIMITS,
  matchRouteIds,
  measureScreen,
  pageAssets,
  recordFigures,
  type BudgetRecord,
  type BuildInfo,
  type ViteManifest,
} from "../../../scripts/bundle-budget-core";

/** A tiny build shaped like Remix's: pathless layouts, an index route, a dynamic segment. */
const ROUTES = [
  { id: "root", path: "" },
  { id: "routes/_auth", parentId: "root" },
  { id: "routes/_auth.login", parentId: "routes/_auth", path: "login" },
  { id: "routes/_app", parentId: "root" },
  { id: "routes/_app.servicecatalog", parentId: "routes/_app", path: "servicecatalog" },
  { id: "routes/_app.servicecatalog._index", parentId: "routes/_app.servicecatalog", index: true },
  { id: "routes/_app.servicecatalog.service.new", parentId: "routes/_app", path: "servicecatalog/service/new" },
  { id: "routes/_app.servicecatalog.service.$id", parentId: "routes/_app", path: "servicecatalog/service/:id" },
  { id: "routes/_app.servicecatalog.service.$id.delete", parentId: "routes/_app.servicecatalog.service.$id", path: "delete" },
];

const route = (module: string, imports: string[] = []) => ({ module: `/assets/${module}`, imports: imports.map((f) => `/assets/${f}`), css: ["/assets/styles-AAAAAAAA.css"] });
const ASSETS = {
  entry: { module: "/assets/entry.client-EEEEEEEE.js", imports: ["/assets/react-RRRRRRRR.js"] },
  routes: {
    root: route("root-00000000.js", ["react-RRRRRRRR.js", "mantine-MMMMMMMM.js"]),
    "routes/_auth": route("_auth-11111111.js", ["mantine-MMMMMMMM.js"]),
    "routes/_auth.login": route("_auth.login-22222222.js", ["schemas-ZZZZZZZZ.js"]),
    "routes/_app": route("_app-33333333.js"),
    "routes/_app.servicecatalog": route("_app.servicecatalog-44444444.js"),
    "routes/_app.servicecatalog._index": route("_app.servicecatalog._index-55555555.js"),
    "routes/_app.servicecatalog.service.new": route("_app.servicecatalog.service.new-66666666.js"),
    "routes/_app.servicecatalog.service.$id": route("_app.servicecatalog.service._id-77777777.js", ["schemas-ZZZZZZZZ.js"]),
    "routes/_app.servicecatalog.service.$id.delete": route("_app.servicecatalog.service._id.delete-88888888.js"),
  },
};

/** Vite's client manifest with per-namespace translation chunks, one sharing a helper chunk. */
const CLIENT: ViteManifest = {
  "app/i18n/locales/common.de.ts": { file: "assets/common.de-c0c0c0c0.js" },
  "app/i18n/locales/common.en.ts": { file: "assets/common.en-c1c1c1c1.js" },
  "app/modules/catalogue/i18n/catalogue.de.ts": { file: "assets/catalogue.de-d0d0d0d0.js", imports: ["_plural-pppppppp.js"] },
  "app/modules/catalogue/i18n/catalogue.en.ts": { file: "assets/catalogue.en-d1d1d1d1.js", imports: ["_plural-pppppppp.js"] },
  "app/modules/ai/i18n/ai.de.ts": { file: "assets/ai.de-a0a0a0a0.js" },
  "_plural-pppppppp.js": { file: "assets/plural-pppppppp.js" },
};

const build = (namespaces: Record<string, string[]> = {}): BuildInfo => ({ routes: ROUTES, assets: ASSETS, namespaces, client: CLIENT, publicPath: "/" });

/** Sizes by file name: 1000 bytes each unless listed. */
const sizes = (listed: Record<string, number> = {}) => (file: string) => listed[file.replace(/^\/assets\//, "")] ?? 1000;

describe("which routes a screen matches (Remix's matcher on the server build's routes)", () => {
  it("walks pathless layouts, picks the index route and ignores the query", () => {
    expect(matchRouteIds(ROUTES, "/servicecatalog?view=2")).toEqual(["root", "routes/_app", "routes/_app.servicecatalog", "routes/_app.servicecatalog._index"]);
    expect(matchRouteIds(ROUTES, "/login")).toEqual(["root", "routes/_auth", "routes/_auth.login"]);
  });

  it("nests a child under a dynamic segment, and a static path wins over a dynamic one", () => {
    expect(matchRouteIds(ROUTES, "/servicecatalog/service/1/delete")).toEqual(["root", "routes/_app", "routes/_app.servicecatalog.service.$id", "routes/_app.servicecatalog.service.$id.delete"]);
    expect(matchRouteIds(ROUTES, "/servicecatalog/service/new")?.at(-1)).toBe("routes/_app.servicecatalog.service.new");
  });

  it("a screen no route matches is an error naming it", () => {
    expect(matchRouteIds(ROUTES, "/nowhere")).toBeNull();
    expect(() => pageAssets(build(), "/nowhere")).toThrow("/nowhere");
  });
});

describe("what a page loads and its size", () => {
  it("entry, every matched route's module and imports, each file counted once", () => {
    const page = pageAssets(build(), "/servicecatalog/service/1/delete");
    expect(page.js.sort()).toEqual(
      [
        "entry.client-EEEEEEEE.js",
        "react-RRRRRRRR.js",
        "mantine-MMMMMMMM.js",
        "root-00000000.js",
        "_app-33333333.js",
        "schemas-ZZZZZZZZ.js",
        "_app.servicecatalog.service._id-77777777.js",
        "_app.servicecatalog.service._id.delete-88888888.js",
      ]
        .map((f) => `/assets/${f}`)
        .sort(),
    );
    expect(page.css).toEqual(["/assets/styles-AAAAAAAA.css"]);
    const figure = measureScreen(build(), "/servicecatalog/service/1/delete", false, sizes({ "mantine-MMMMMMMM.js": 70_000, "styles-AAAAAAAA.css": 40_000 }));
    expect(figure.js).toBe(70_000 + 7 * 1000);
    expect(figure.css).toBe(40_000);
  });

  it("a build whose routes declare no translation namespaces: no translation chunk is added", () => {
    expect(pageAssets(build(), "/servicecatalog/service/1").js.filter((f) => /\.(de|en)-/.test(f))).toEqual([]);
  });

  it("with handle.i18n: the German chunks of the matched routes' namespaces plus common, with their imports", () => {
    const page = pageAssets(build({ "routes/_app.servicecatalog.service.$id": ["catalogue"], "routes/_app.servicecatalog.service.new": ["ai"] }), "/servicecatalog/service/1");
    const code = new Set(pageAssets(build(), "/servicecatalog/service/1").js);
    const text = page.js.filter((f) => !code.has(f));
    expect(text.sort()).toEqual(["/assets/catalogue.de-d0d0d0d0.js", "/assets/common.de-c0c0c0c0.js", "/assets/plural-pppppppp.js"]);
    expect(page.missing).toEqual([]);
  });

  it("a page below a route with hydrate: false loads its stylesheet and no script", () => {
    const page = pageAssets({ ...build({ "routes/_auth.login": ["auth"] }), staticRoutes: ["routes/_auth"] }, "/login");
    expect(page.js).toEqual([]);
    expect(page.css).toEqual(["/assets/styles-AAAAAAAA.css"]);
    expect(pageAssets({ ...build(), staticRoutes: ["routes/_auth"] }, "/servicecatalog").js.length).toBeGreaterThan(0);
  });

  it("a declared namespace without a chunk of its own is reported, not guessed", () => {
    const page = pageAssets(build({ "routes/_auth.login": ["auth"] }), "/login");
    expect(page.js).toContain("/assets/common.de-c0c0c0c0.js");
    expect(page.missing).toEqual(["auth"]);
  });
});

describe("chunk names for the record", () => {
  it("drop the hash; a route module keeps the plain name, same-named pieces get ~2, ~3 by size", () => {
    const files = ["/assets/_app.patch-notes-CAPo7VVg.js", "/assets/_app.patch-notes-DDT8SlNN.js", "/assets/schemas-CSvfQ1aC.js", "/assets/schemas-Cu3BHxoH.js", "/assets/entry.client-DU-AMlDy.js"];
    const names = chunkNames(files, new Set(["/assets/_app.patch-notes-DDT8SlNN.js"]), sizes({ "schemas-Cu3BHxoH.js": 96_000, "_app.patch-notes-CAPo7VVg.js": 3000 }));
    expect(Object.fromEntries(names)).toEqual({
      "/assets/_app.patch-notes-DDT8SlNN.js": "_app.patch-notes.js",
      "/assets/_app.patch-notes-CAPo7VVg.js": "_app.patch-notes~2.js",
      "/assets/schemas-Cu3BHxoH.js": "schemas.js",
      "/assets/schemas-CSvfQ1aC.js": "schemas~2.js",
      "/assets/entry.client-DU-AMlDy.js": "entry.client.js",
    });
  });
});

describe("the budget report", () => {
  const screens = (sizeOf: (file: string) => number) => [measureScreen(build(), "/login", true, sizeOf), measureScreen(build(), "/servicecatalog/service/1", false, sizeOf)];
  const recorded = (sizeOf: (file: string) => number): BudgetRecord => {
    const figures = screens(sizeOf);
    return recordFigures(figures, chunkNames(figures.flatMap((f) => f.files), new Set(), sizeOf), sizeOf, { limits: DEFAULT_LIMITS, chunks: {}, screens: {} });
  };

  it("all within budget: one line with the screens checked, the largest JS page and the largest CSS", () => {
    const sizeOf = sizes({ "mantine-MMMMMMMM.js": 60_000, "_app.servicecatalog.service._id-77777777.js": 5000, "styles-AAAAAAAA.css": 30_000 });
    const figures = screens(sizeOf);
    const report = budgetReport(figures, chunkNames(figures.flatMap((f) => f.files), new Set(), sizeOf), sizeOf, recorded(sizeOf));
    expect(report.ok).toBe(true);
    expect(report.lines).toEqual(["bundle budget: 2 screens within budget; largest JS /servicecatalog/service/1 68.4 KB (limit 170.0 KB), largest CSS 29.3 KB (limit 35.0 KB)"]);
  });

  it("over budget: names the screen, its total and limit, the chunks that grew (largest first) and new ones", () => {
    const before = sizes({ "mantine-MMMMMMMM.js": 60_000, "schemas-ZZZZZZZZ.js": 20_000 });
    const record = recorded(before);
    // The login page (public: 110 KB) grows past its limit: mantine +40 KB, schemas +500 B, and a new chunk.
    const after = sizes({ "mantine-MMMMMMMM.js": 100_000, "schemas-ZZZZZZZZ.js": 20_500 });
    const grown = { ...build(), assets: { ...ASSETS, routes: { ...ASSETS.routes, "routes/_auth.login": route("_auth.login-22222222.js", ["schemas-ZZZZZZZZ.js", "zxcvbn-XXXXXXXX.js"]) } } };
    const figures = [measureScreen(grown, "/login", true, after), measureScreen(grown, "/servicecatalog/service/1", false, after)];
    const report = budgetReport(figures, chunkNames(figures.flatMap((f) => f.files), new Set(), after), after, record);
    expect(report.ok).toBe(false);
    expect(report.lines).toHaveLength(2); // the heading and the one screen over; the signed-in page fits 170 KB
    expect(report.lines[1]).toBe("  /login  JS 123.5 KB > 110.0 KB  — grew: mantine.js +39.1 KB, schemas.js +500 B; new: zxcvbn.js 1.0 KB");
  });

  it("a screen recorded above its limit may not grow past its recorded figure (+512 B), and the summary counts it", () => {
    const record = recorded(sizes({ "mantine-MMMMMMMM.js": 120_000 }));
    const same = sizes({ "mantine-MMMMMMMM.js": 120_400 });
    const kept = budgetReport(screens(same), chunkNames(screens(same).flatMap((f) => f.files), new Set(), same), same, record);
    expect(kept.ok).toBe(true);
    expect(kept.lines[0]).toMatch(/; 1 still above the limits, none above its recorded figure$/);
    const grown = sizes({ "mantine-MMMMMMMM.js": 121_000 });
    const report = budgetReport(screens(grown), chunkNames(screens(grown).flatMap((f) => f.files), new Set(), grown), grown, record);
    expect(report.ok).toBe(false);
    expect(report.lines[1]).toBe("  /login  JS 124.0 KB > 123.5 KB  — grew: mantine.js +1000 B");
  });

  it("CSS over its limit on a screen is named too", () => {
    const sizeOf = sizes({ "styles-AAAAAAAA.css": 36 * 1024 });
    const figures = screens(sizeOf);
    const report = budgetReport(figures, chunkNames(figures.flatMap((f) => f.files), new Set(), sizeOf), sizeOf, recorded(sizes()));
    expect(report.ok).toBe(false);
    expect(report.lines.slice(1)).toEqual([
      "  /login  CSS 36.0 KB > 35.0 KB  — grew: styles.css +35.0 KB",
      "  /servicecatalog/service/1  CSS 36.0 KB > 35.0 KB  — grew: styles.css +35.0 KB",
    ]);
  });
});
