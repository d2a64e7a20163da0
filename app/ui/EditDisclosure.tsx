import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * A `<details>` disclosure holding an editor form that works without JS (the browser opens it, the
 * form posts). Its body comes to life only when it is about to open: the closed forms are most of
 * a service page, and hydrating them all kept a phone busy before the page answered a tap. Until
 * then the server's HTML stays as it is — a plain form that posts — and React leaves it alone;
 * pressing the summary (pointer or key, before the browser opens it) renders the live form in its
 * place. A disclosure opened before hydration keeps the server's form, and what was typed in it.
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
  const details = useRef<HTMLDetailsElement>(null);
  const [live, setLive] = useState(() => Boolean(open) || !hydratingPage());
  const wake = () => {
    if (!live && !details.current?.open) setLive(true);
  };
  useEffect(() => {
    const element = details.current;
    if (!element || live || element.open) return;
    // Opened another way (the browser's find-in-page, a script): bring the form to life too.
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
        // React neither hydrates nor changes what is inside: the server's form stays as it is.
        <div key="server" className={bodyClassName} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />
      )}
    </details>
  );
}

/** True while the server-rendered page is being hydrated (the root marks the end, see root.tsx). */
function hydratingPage() {
  return typeof document !== "undefined" && document.documentElement.dataset.hydrated !== "true";
}
