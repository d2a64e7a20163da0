import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import classes from "./EditDisclosure.module.css";

/**
 * A `<details>` disclosure holding an editor form. The server writes no closed form: the forms
 * were most of a service page's HTML and rendering time (docs/decisions/0073-editors-on-demand.md).
 * With JS, pressing the summary (pointer or key, before the browser opens it) renders the live
 * form; opened before the page has hydrated, it says the form is loading and shows it once
 * hydrated. Without JS the summary gives way to a link to the same page with `?edit=<editKey>`,
 * where the server renders this disclosure open with its form. Rendered on the client later
 * (after a save, on another page), the body is live at once.
 */
export function EditDisclosure({
  summary,
  open,
  className,
  bodyClassName,
  testId,
  summaryTestId,
  editKey,
  anchor,
  children,
}: {
  summary: ReactNode;
  open?: boolean;
  /** Names this editor in `?edit=`, unique on the page: the address that opens it without JS. */
  editKey: string;
  /** The id the page scrolls to when opened by its address. */
  anchor: string;
  className?: string;
  bodyClassName?: string;
  testId?: string;
  summaryTestId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const asked = new URLSearchParams(location.search).get(EDIT_PARAM) === editKey;
  const opened = Boolean(open) || asked;
  const details = useRef<HTMLDetailsElement>(null);
  // The server and the hydrating client render a closed disclosure without its form; later renders the live one.
  const [live, setLive] = useState(() => opened || (typeof document !== "undefined" && !hydratingPage()));
  const wake = () => {
    if (!live && !details.current?.open) setLive(true);
  };
  useEffect(() => {
    const element = details.current;
    if (!element || live) return;
    // Opened before hydration: the form was not there yet.
    if (element.open) return setLive(true);
    // Opened another way (a script, a fragment link): bring the form to life too.
    const onToggle = () => element.open && setLive(true);
    element.addEventListener("toggle", onToggle);
    return () => element.removeEventListener("toggle", onToggle);
  }, [live]);
  const query = new URLSearchParams(location.search);
  query.set(EDIT_PARAM, editKey);
  return (
    <div className={className} data-testid={testId}>
      <details ref={details} className={opened ? undefined : classes.closed} open={opened}>
        <summary data-testid={summaryTestId} onPointerDown={wake} onKeyDown={wake}>
          {summary}
        </summary>
        {live ? (
          <div key="live" className={bodyClassName}>
            {children}
          </div>
        ) : (
          <div key="plain" className={bodyClassName}>
            {/* Only seen with JS, between opening and hydration. */}
            <p className={classes.pending}>{t("app.editorLoading")}</p>
          </div>
        )}
      </details>
      {opened ? null : (
        // Without JS the closed disclosure is hidden and this link opens the form (React renders no children of <noscript> in the browser).
        <noscript>
          <a className={classes.open} href={`?${query.toString()}#${anchor}`} data-edit-link={editKey}>
            {summary}
          </a>
        </noscript>
      )}
    </div>
  );
}

/** The search parameter naming the editor a page renders open (and, without JS, the only one with its form). */
export const EDIT_PARAM = "edit";

/** True while the server-rendered page is being hydrated (the root marks the end, see root.tsx). */
function hydratingPage() {
  return typeof document !== "undefined" && document.documentElement.dataset.hydrated !== "true";
}
