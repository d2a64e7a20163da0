import "./ui/mantine.css";
import "./ui/global.css";
import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from "@mantine/core";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { PageTitle } from "~/shell/PageTitle";
import { ErrorPage } from "./ui/ErrorPage";
import { FlashToast } from "./ui/FlashToast";
import { useNonce } from "./ui/nonce";
import { DEFAULT_LANGUAGE, isLanguage } from "./i18n/config";
import { isStaticPage } from "./i18n/namespaces";
import { i18next } from "./i18n/i18next.server";
import { useRouteTexts } from "./i18n/route-texts";
import { consumeFlash } from "./server/flash.server";
import { theme } from "./ui/theme";
import { themeCss } from "./ui/theme-css";

// Static: computed once instead of by MantineProvider on every render (decision 0011). In the
// browser the server's copy is already in the page; reading it back spares building it again.
const THEME_CSS =
  (typeof document !== "undefined" && document.getElementById("theme-css")?.innerHTML) || themeCss(theme);

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];


export async function loader({ request }: LoaderFunctionArgs) {
  const locale = await i18next.getLocale(request);
  const { flash, setCookie } = await consumeFlash(request);
  return data({ locale, flash }, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const locale = rootData?.locale && isLanguage(rootData.locale) ? rootData.locale : DEFAULT_LANGUAGE;
  const nonce = useNonce();
  useChangeLanguage(locale);
  useRouteTexts();
  // A page without scripts (`hydrate: false` in a route's handle) is the server's HTML alone.
  const staticPage = isStaticPage(useMatches().map((match) => match.handle));
  // Lets browser tests (and curious users) know when keyboard shortcuts are live.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang={locale} {...mantineHtmlProps} data-static-page={staticPage ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <PageTitle />
        <Meta />
        {/* Before the stylesheets: an inline script after them would stop the parser until they load. */}
        <ColorSchemeScript nonce={nonce} defaultColorScheme="light" />
        <Links />
      </head>
      <body>
        <MantineProvider theme={theme} defaultColorScheme="light" withCssVariables={false}>
          <style id="theme-css" data-mantine-styles="true" dangerouslySetInnerHTML={{ __html: THEME_CSS }} />
          {children}
          {rootData?.flash ? <FlashToast key={rootData.flash.id} flash={rootData.flash} staticPage={staticPage} /> : null}
        </MantineProvider>
        {staticPage ? null : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  return (
    <main id="main" className="bare-page">
      <ErrorPage error={error} homeLabel={t("app.home")} />
    </main>
  );
}
