import { safeRedirectPath } from "~/lib/safe-path";

/**
 * Where an action redirects after success: the `redirectTo` query parameter of the form's action
 * URL (set by `useEntryForm` when the form is shown somewhere else, e.g. in the settings dialog
 * over the current page), else the screen the form belongs to. Only paths on this site.
 */
export function returnPath(request: Request, fallback: string): string {
  return safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), fallback);
}
