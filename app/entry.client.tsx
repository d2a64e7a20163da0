import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { browserI18n, loadNamespaces, namespacesOf } from "./i18n/namespaces";
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
  const i18next = browserI18n();
  // The texts of the routes on screen: their modules waited for them before this entry ran
  // (routeTextsReady); this covers a module built without that wait (the dev server).
  const routeModules = Object.values((window as { __remixRouteModules?: Record<string, { handle?: unknown }> }).__remixRouteModules ?? {});
  const texts = loadNamespaces(i18next, i18next.language, namespacesOf(routeModules.map((module) => module.handle)));
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
