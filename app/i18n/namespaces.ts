import i18next, { type i18n } from "i18next";
import { lazy, type ComponentType } from "react";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, i18nConfig, isLanguage } from "./config";
import { reloadForChunkError } from "~/ui/chunk-reload";
import type common from "./locales/common.de";
import type { Resources } from "./locales/de";

/**
 * Text namespaces: the browser loads the texts of a page, not of the whole product (issue 34).
 * A namespace is one file per language — `app/i18n/locales/<ns>.<lng>.ts` or
 * `app/modules/<module>/i18n/<ns>.<lng>.ts` — and holds the texts under the key of its name
 * ("catalogue" → `catalogue.*`); "common" holds the groups every page shows. A route names the
 * namespaces it shows in its `handle` (`routeHandle`), in addition to its parents'; the browser
 * loads them, in its language only, before it shows the route (entry.client.tsx, root.tsx), each
 * file as its own cached chunk. The server keeps every text (i18next.server.ts). In the client
 * build `i18next` and `react-i18next` are the page texts of app/i18n/page-texts/ (decision 0083).
 * tests/unit/i18n/route-texts.test.ts checks every route declares what its code uses.
 */
export type TextNamespace = "common" | Exclude<keyof Resources, keyof typeof common>;

/** What a route module's `handle` export may say: its text namespaces and the key of its title. */
export interface RouteHandle {
  i18n?: readonly TextNamespace[];
  /** The browser tab's title (app/shell/PageTitle.tsx): a key, or a key made from the page's data. */
  title?: string | ((data: never) => string | undefined);
  /**
   * `false`: the page is sent without scripts (root.tsx) — a page a visitor opens first, that
   * works without JS in every part (sign-in, password reset): it loads and is usable at once
   * instead of fetching ~125 KB of framework to hydrate a form (decision 0067). For a layout
   * route, every page below it.
   */
  hydrate?: false;
}

/** Typed identity, so a route's handle is checked where it is written. */
export function routeHandle<H extends RouteHandle>(handle: H): H {
  return handle;
}

type TextModule = { default: Record<string, unknown> };

// One lazy chunk per file; the German and English files of a namespace never share a chunk.
const FILES = import.meta.glob<TextModule>(["./locales/*.*.ts", "../modules/*/i18n/*.*.ts"]);

const LOADERS = new Map<string, () => Promise<TextModule>>();
for (const [file, load] of Object.entries(FILES)) {
  const match = /\/(\w+)\.(\w+)\.ts$/.exec(file);
  if (match) LOADERS.set(`${match[2]}:${match[1]}`, load);
}

/** Whether a chain of route handles makes a page without scripts (`hydrate: false`). */
export function isStaticPage(handles: readonly unknown[]): boolean {
  return handles.some((handle) => (handle as RouteHandle | undefined)?.hydrate === false);
}

/** The namespaces a chain of route handles declares, "common" first. */
export function namespacesOf(handles: readonly unknown[]): TextNamespace[] {
  const names = new Set<TextNamespace>(["common"]);
  for (const handle of handles) {
    const declared = (handle as RouteHandle | undefined)?.i18n;
    if (Array.isArray(declared)) for (const name of declared) names.add(name);
  }
  return [...names];
}

const pending = new Map<string, Promise<void>>();
// Files that failed to load (a deploy in between, a dropped connection): not waited for again, so
// a page shows its keys rather than hang; ui/chunk-reload.ts reloads the page on such failures.
const failed = new Set<string>();

function loaded(instance: i18n, lng: string, ns: TextNamespace): boolean {
  const store = instance.getResourceBundle(lng, "common") as Record<string, unknown> | undefined;
  return ns === "common" ? Boolean(store && "app" in store) : Boolean(store && ns in store);
}

/** The namespaces of `names` not yet in the store for `lng`. */
export function missingNamespaces(instance: i18n, lng: string, names: readonly TextNamespace[]): TextNamespace[] {
  return names.filter((ns) => !loaded(instance, lng, ns) && !failed.has(`${lng}:${ns}`));
}

/** Loads the namespaces missing for `lng` into the store; one request per file, ever. */
export function loadNamespaces(instance: i18n, lng: string, names: readonly TextNamespace[]): Promise<void> {
  const missing = missingNamespaces(instance, lng, names);
  return Promise.all(
    missing.map((ns) => {
      const id = `${lng}:${ns}`;
      let loading = pending.get(id);
      if (!loading) {
        const load = LOADERS.get(id);
        if (!load) throw new Error(`No texts for namespace "${ns}" in language "${lng}"`);
        loading = load().then(
          (module) => {
            instance.addResourceBundle(lng, "common", ns === "common" ? module.default : { [ns]: module.default }, true, true);
          },
          (error: unknown) => {
            pending.delete(id);
            failed.add(id);
            reloadForChunkError(error);
          },
        );
        pending.set(id, loading);
      }
      return loading;
    }),
  ).then(() => undefined);
}

let browserInstance: i18n | undefined;

/**
 * The browser's one text instance (app/i18n/page-texts/ in the client build) in the page's
 * language (the `lang` the server wrote), set up on first use: route modules wait for their texts
 * before entry.client.tsx runs (see `routeTextsReady`), so whichever comes first creates it.
 */
export function browserI18n(): i18n {
  if (!browserInstance) {
    const htmlLang = document.documentElement.lang;
    const lng = isLanguage(htmlLang) ? htmlLang : DEFAULT_LANGUAGE;
    void i18next.use(initReactI18next).init({ ...i18nConfig, lng, resources: {}, partialBundledLanguages: true, initImmediate: false });
    browserInstance = i18next;
  }
  return browserInstance;
}

/**
 * Resolves when the texts a route module declares are in the browser's store. The client build
 * awaits it at the end of every route module (the `route-texts` plugin in vite.config.ts), so Remix, which loads a route's
 * module before it commits a navigation, changes the address and the page together — before, the
 * address changed and the old page stayed until the texts came (useRouteTexts), long enough to
 * type into the old page. On the server every text is there.
 */
export function routeTextsReady(handle: unknown): Promise<void> {
  if (typeof document === "undefined") return Promise.resolve();
  const instance = browserI18n();
  return loadNamespaces(instance, instance.language, namespacesOf([handle]));
}

/**
 * React.lazy for a part that is loaded only when shown (a dialog's panel) and brings its own
 * texts: the chunk and its namespaces load together, so the route that can show it need not
 * declare them. On the server every text is there already.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy's
export function lazyWithTexts<T extends ComponentType<any>>(namespaces: readonly TextNamespace[], load: () => Promise<{ default: T }>) {
  return lazy(async () => {
    if (typeof document === "undefined") return load();
    const [module] = await Promise.all([load(), loadNamespaces(i18next, i18next.language, namespaces)]);
    return module;
  });
}
