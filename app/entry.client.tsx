import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig, isLanguage, DEFAULT_LANGUAGE } from "./i18n/config";
import { loadNamespaces, namespacesOf } from "./i18n/namespaces";
import { installChunkReloadGuard } from "./ui/chunk-reload";

installChunkReloadGuard();

/**
 * Resolves once the browser has painted the server-rendered page (or after 100 ms, should frames
 * not come, as in a hidden tab). The page is complete without JS, so showing it first costs nothing
 * and a slow phone shows the content before it spends its time on hydration.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() => setTimeout(() => (clearTimeout(timer), resolve())));
  });
}

async function hydrate() {
  const htmlLang = document.documentElement.lang;
  const lng = isLanguage(htmlLang) ? htmlLang : DEFAULT_LANGUAGE;
  await i18next.use(initReactI18next).init({ ...i18nConfig, lng, resources: {}, partialBundledLanguages: true });
  // The texts of the routes on screen (their modules are loaded before this entry), fetched
  // while the browser paints the server's page.
  const routeModules = Object.values((window as { __remixRouteModules?: Record<string, { handle?: unknown }> }).__remixRouteModules ?? {});
  const texts = loadNamespaces(i18next, lng, namespacesOf(routeModules.map((module) => module.handle)));
  await Promise.all([texts, afterFirstPaint()]);
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
