import { useEffect, useRef, type ReactNode } from "react";
import classes from "./DisclosureMenu.module.css";

/**
 * A drop-down menu built on <details>, so it opens and works without JavaScript. With JS it
 * also closes on Escape, on a click outside, and after a choice.
 */
export function DisclosureMenu({
  label,
  summary,
  children,
  align = "right",
  testId,
}: {
  label: string;
  summary: ReactNode;
  children: ReactNode;
  align?: "left" | "right";
  testId?: string;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const close = () => details.removeAttribute("open");
    const onDocClick = (event: MouseEvent) => {
      if (!details.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && details.open) {
        close();
        details.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("click", onDocClick);
    details.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onDocClick);
      details.removeEventListener("keydown", onKey);
    };
  }, []);
  return (
    <details ref={ref} className={classes.menu} data-testid={testId}>
      <summary className={classes.summary} aria-label={label} title={label}>
        {summary}
      </summary>
      <div className={classes.dropdown} data-align={align}>
        {children}
      </div>
    </details>
  );
}
