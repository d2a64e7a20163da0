import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import classes from "./EditDisclosure.module.css";

/**
 * A `<details>` disclosure holding an editor form that works without JS (the browser opens it, the
 * form posts). The closed forms are most of a service page's HTML, so the server writes a closed
 * one inside `<noscript>`: without JS the browser builds it as before; with JS it skips it as
 * text — neither parsed into elements nor hydrated (docs/decisions/0043-closed-editors-noscript.md).
 * Pressing the summary (pointer or key, before the browser opens it) renders the live form. Opened
 * before the page has hydrated, it says the form is loading and shows it once hydrated.
 * Rendered on the client later (after a save, on another page), the body is live at once.
 */
export function EditDisclosure({
  summary,
  open,
  className,
  bodyClassName,
  testId,
  summaryTestId,
  children,
}: {
  summary: ReactNode;
  open?: boolean;
  className?: string;
  bodyClassName?: string;
  testId?: string;
  summaryTestId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const details = useRef<HTMLDetailsElement>(null);
  // The server and the hydrating client render a closed disclosure's plain form; later renders the live one.
  const [live, setLive] = useState(() => Boolean(open) || (typeof document !== "undefined" && !hydratingPage()));
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
  return (
    <details ref={details} className={className} open={open} data-testid={testId}>
      <summary data-testid={summaryTestId} onPointerDown={wake} onKeyDown={wake}>
        {summary}
      </summary>
      {live ? (
        <div key="live" className={bodyClassName}>
          {children}
        </div>
      ) : (
        <div key="plain" className={bodyClassName}>
          {/* Only seen with JS, between opening and hydration; without JS the form is right below. */}
          <p className={classes.pending}>{t("app.editorLoading")}</p>
          {/* React renders no children of <noscript> in the browser: the plain form costs nothing there. */}
          <noscript>{children}</noscript>
        </div>
      )}
    </details>
  );
}

/** True while the server-rendered page is being hydrated (the root marks the end, see root.tsx). */
function hydratingPage() {
  return typeof document !== "undefined" && document.documentElement.dataset.hydrated !== "true";
}
