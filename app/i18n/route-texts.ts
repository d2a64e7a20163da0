import { useMatches } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { loadNamespaces, missingNamespaces, namespacesOf } from "./namespaces";

/**
 * Holds a page back until the texts of every route on it are in the store. On a client-side
 * navigation to a route whose namespaces the browser has not loaded yet, rendering suspends;
 * Remix renders navigations in a transition, so the previous page stays on screen for the one
 * small request instead of flashing raw keys. On the server and at hydration everything is there.
 */
export function useRouteTexts(): void {
  const { i18n } = useTranslation();
  const matches = useMatches();
  const names = namespacesOf(matches.map((match) => match.handle));
  if (missingNamespaces(i18n, i18n.language, names).length > 0) throw loadNamespaces(i18n, i18n.language, names);
}
