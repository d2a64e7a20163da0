/// <reference types="vitest/config" />
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type Plugin } from "vite";
import remixConfig from "./remix.config.js";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * Client chunks (docs/decisions/0041-first-paint.md): all CSS in one stylesheet (it was up to 15
 * small files a page, each a round trip before the first paint) and the libraries every page
 * needs in three chunks instead of dozens of small ones.
 */
const CLIENT_CHUNKS: [string, RegExp][] = [
  ["styles", /\.css($|\?)/],
  // Library chunks of ~130 KB rather than one of 265 KB: the page's scripts are evaluated one chunk
  // per task after the first paint (decision 0042), and a phone with a 4× slower CPU needs more
  // than 50 ms (a "long task") for the larger one. The chunks must not import each other in a
  // circle (a chunk evaluated first would meet an uninitialised binding); scripts/check-chunk-cycles.mjs
  // fails the build if they do.
  ["react-dom", /node_modules\/(react-dom|scheduler)\//],
  ["react", /node_modules\/react\//],
  ["remix", /node_modules\/(@remix-run|react-router|react-router-dom|turbo-stream)\//],
  // Mantine's core and the components every page renders (shell, login) in one chunk; rollup
  // splits the other components by use, so a page loads those it renders, not all any page uses
  // (decision 0066). The chunk pulls in what its modules import; the split-off components import
  // it, never the other way round, so there is no circle.
  ["mantine", /node_modules\/@mantine\/(hooks\/|core\/esm\/(core|components\/(Box|Button|UnstyledButton|Loader|Text|Title|Group|Stack|Paper|Anchor|CloseButton)\/))/],
];

/**
 * Mantine's ScrollArea (inside every Table) imports one hook, useMergeRefs, from @floating-ui/react,
 * and rollup cannot split a module: every page with a table loaded all of floating-ui that any
 * popover uses (15 KB gzip). Mantine's own hook does the same for ScrollArea's two refs.
 */
const SCROLL_AREA_REFS = "\0scroll-area-merge-refs";
const scrollAreaRefs: Plugin = {
  name: "scroll-area-merge-refs",
  enforce: "pre",
  resolveId: (source, importer) => (source === "@floating-ui/react" && importer?.endsWith("/ScrollArea/ScrollArea.mjs") ? SCROLL_AREA_REFS : null),
  load: (id) =>
    id === SCROLL_AREA_REFS
      ? 'import { useMergedRef } from "@mantine/hooks";\nexport const useMergeRefs = (refs) => useMergedRef(...refs);\n'
      : null,
};

/**
 * Mantine's Table carries Table.ScrollContainer, and that Mantine's ScrollArea (4.6 KB gzip) to
 * every page with a table, although no table scrolls in a ScrollArea here: they scroll natively in
 * app/ui/TableBox.tsx (the scroll cue of decision 0054). In the container's module ScrollArea is a
 * plain div instead; every other ScrollArea (select dropdowns) stays Mantine's.
 */
const NO_TABLE_SCROLL_AREA = "\0table-scroll-container-without-scroll-area";
const tableWithoutScrollArea: Plugin = {
  name: "table-without-scroll-area",
  enforce: "pre",
  resolveId: (source, importer) =>
    source.endsWith("/ScrollArea/ScrollArea.mjs") && importer?.endsWith("/Table/TableScrollContainer.mjs") ? NO_TABLE_SCROLL_AREA : null,
  load: (id) => (id === NO_TABLE_SCROLL_AREA ? 'import { forwardRef, createElement } from "react";\nexport const ScrollArea = forwardRef((props, ref) => createElement("div", { ...props, ref }));\n' : null),
};

/**
 * Pages translate with app/i18n/page-texts/ instead of i18next, react-i18next and remix-i18next
 * (19 KB of every page's script; decision 0083): in the browser all three, in the server's renderer
 * the two React ones, so the server writes a page's texts with the very code that hydrates them.
 * Loaders, mails and exports keep i18next (its `i18next` import stays on the server), and so do the
 * unit tests (no alias under Vitest).
 */
const PAGE_TEXTS_DIR = new URL("./app/i18n/page-texts/", import.meta.url).pathname;
const PAGE_TEXTS: Record<string, string> = {
  i18next: `${PAGE_TEXTS_DIR}i18next.ts`,
  "react-i18next": `${PAGE_TEXTS_DIR}react-i18next.ts`,
  "remix-i18next/react": `${PAGE_TEXTS_DIR}remix-i18next-react.ts`,
};
const pageTexts: Plugin = {
  name: "page-texts",
  enforce: "pre",
  resolveId: (source, _importer, options) => {
    if (process.env.VITEST || !(source in PAGE_TEXTS)) return null;
    if (options?.ssr && source === "i18next") return null;
    return PAGE_TEXTS[source];
  },
};

/**
 * Every route module waits for its texts before it counts as loaded (app/i18n/namespaces.ts,
 * `routeTextsReady`): appended to the client entry Remix builds for each route that exports a
 * `handle`. Remix loads a route's module before it commits a navigation, so the address and the
 * page change together, and the hydration script, which imports the route modules first, starts
 * the app with the page's texts in place. Top-level await needs an ES2022 target.
 */
const CLIENT_ROUTE = "?__remix-build-client-route";
const NAMESPACES_MODULE = new URL("./app/i18n/namespaces.ts", import.meta.url).pathname;
const routeTexts: Plugin = {
  name: "route-texts",
  enforce: "post",
  transform(code, id) {
    if (!id.endsWith(CLIENT_ROUTE) || !/\bhandle\b/.test(code)) return null;
    const routeFile = /from "(\.\/[^"]+)"/.exec(code)?.[1];
    if (!routeFile) return null;
    return `${code}\nimport { handle as __handle } from "${routeFile}";\nimport { routeTextsReady as __routeTextsReady } from "${NAMESPACES_MODULE}";\nawait __routeTextsReady(__handle);\n`;
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  // BUILD_DIR lets a second build (a smoke test, a benchmark) sit beside the one being served.
  plugins: [scrollAreaRefs, tableWithoutScrollArea, pageTexts, routeTexts, !process.env.VITEST && remix({ ...remixConfig, buildDirectory: process.env.BUILD_DIR ?? "build" })],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  optimizeDeps: { include: ["@mantine/core", "@mantine/hooks", "@mantine/notifications"] },
  // The client manifest (kept by Remix as build/.vite/client-manifest.json, outside what is
  // served) tells scripts/bundle-budget.ts which chunk holds each translation file.
  build: isSsrBuild ? {} : { target: "es2022", manifest: true, rollupOptions: { output: { manualChunks: (id: string) => CLIENT_CHUNKS.find(([, re]) => re.test(id))?.[0] } } },
  server: { port: Number(process.env.PORT ?? 3000) },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"],
    environment: "node",
    pool: "forks",
    // One module graph per fork instead of one per file: the suite took 178 s, 100 of them
    // importing the app again for each of 128 files; 92 s without. Each file still opens its own
    // database (useTestDb), and no test relies on a module's state being fresh.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
}));
