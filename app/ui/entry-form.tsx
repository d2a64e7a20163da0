import { Form, useActionData, useFetcher, useNavigation } from "@remix-run/react";
import { createContext, useContext, type ReactNode } from "react";

/**
 * Forms of one screen shown elsewhere (the settings dialog over the current page, or a settings
 * page that reuses an admin screen): `to` is where a successful action returns; `overlay` says the
 * screen is a client-side dialog, whose forms must not navigate away (fetcher forms).
 */
interface EntryPlace {
  to: string;
  overlay: boolean;
}

const EntryPlaceContext = createContext<EntryPlace | null>(null);

export function EntryPlaceProvider({ to, overlay, children }: EntryPlace & { children: ReactNode }) {
  return <EntryPlaceContext.Provider value={{ to, overlay }}>{children}</EntryPlaceContext.Provider>;
}

/** Appends `redirectTo` (read by the action through `returnPath`) when the form lives somewhere else. */
export function useEntryAction(action: string): string {
  const place = useContext(EntryPlaceContext);
  // On its own page a form needs no way back.
  if (!place || (!place.overlay && action.split("?")[0] === place.to)) return action;
  const separator = action.includes("?") ? "&" : "?";
  return `${action}${separator}${new URLSearchParams({ redirectTo: place.to })}`;
}

/**
 * One form pipeline for a screen that may be a page or part of a dialog: on a page a Remix
 * `<Form>` (works without JS) and the route's action data; in a client-side dialog a fetcher form,
 * so a refused submission shows its errors in place and a success redirects back to the page
 * under the dialog (which revalidates it).
 */
export function useEntryForm<T = unknown>(action: string) {
  const place = useContext(EntryPlaceContext);
  const fetcher = useFetcher<T>();
  const actionData = useActionData<T>();
  const navigation = useNavigation();
  const href = useEntryAction(action);
  if (place?.overlay) {
    return { Form: fetcher.Form as typeof Form, action: href, result: fetcher.data as T | undefined, busy: fetcher.state !== "idle" };
  }
  return { Form, action: href, result: actionData, busy: navigation.state === "submitting" && navigation.formAction?.split("?")[0] === action.split("?")[0] };
}

/** Where the screen is shown, if somewhere else than its own page. */
export function useEntryPlace(): EntryPlace | null {
  return useContext(EntryPlaceContext);
}

/** Whether this screen is shown in a client-side dialog (links to other routes then leave it). */
export function useInOverlay(): boolean {
  return useContext(EntryPlaceContext)?.overlay === true;
}
