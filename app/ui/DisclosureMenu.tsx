import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import classes from "./DisclosureMenu.module.css";

const ITEMS = "a[href], button:not([disabled])";

/**
 * A drop-down menu built on <details>, so it opens and works without JavaScript (the browser
 * reports the summary as a button and its expanded state). With JS it also says so in ARIA,
 * closes on Escape (focus back on the button), on a click outside and after a choice, and the
 * arrow keys open it and move through its entries (Home/End jump to the ends). A page may also
 * open and close it (`open`, `onOpenChange`: a keyboard shortcut), and give it its own look.
 */
export function DisclosureMenu({
  label,
  summary,
  children,
  align = "right",
  testId,
  open: wanted,
  onOpenChange,
  keyShortcuts,
  summaryClassName,
  dropdownClassName,
}: {
  label: string;
  summary: ReactNode;
  children: ReactNode;
  align?: "left" | "right";
  testId?: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  keyShortcuts?: string;
  summaryClassName?: string;
  dropdownClassName?: string;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const onOpenChangeRef = useRef(onOpenChange);
  onOpenChangeRef.current = onOpenChange;

  useEffect(() => {
    if (wanted !== undefined && ref.current && ref.current.open !== wanted) ref.current.open = wanted;
  }, [wanted]);

  useEffect(() => {
    setHydrated(true);
    const details = ref.current;
    if (!details) return;
    const onToggle = () => {
      setOpen(details.open);
      onOpenChangeRef.current?.(details.open);
    };
    const onDocClick = (event: MouseEvent) => {
      if (!details.contains(event.target as Node)) details.open = false;
    };
    details.addEventListener("toggle", onToggle);
    document.addEventListener("click", onDocClick);
    return () => {
      details.removeEventListener("toggle", onToggle);
      document.removeEventListener("click", onDocClick);
    };
  }, []);

  const items = () => Array.from(ref.current?.querySelectorAll<HTMLElement>(`.${classes.dropdown} :is(${ITEMS})`) ?? []);

  function onKeyDown(event: KeyboardEvent<HTMLDetailsElement>) {
    const details = ref.current;
    if (!details) return;
    const summaryEl = details.querySelector("summary");
    if (event.key === "Escape" && details.open) {
      event.preventDefault();
      details.open = false;
      summaryEl?.focus();
      return;
    }
    if (!["ArrowDown", "ArrowUp", "Home", "End"].includes(event.key)) return;
    const list = items();
    if (!list.length) return;
    event.preventDefault();
    if (!details.open) details.open = true;
    const at = list.indexOf(document.activeElement as HTMLElement);
    const next =
      event.key === "Home" ? 0 : event.key === "End" ? list.length - 1 : event.key === "ArrowDown" ? (at + 1) % list.length : at <= 0 ? list.length - 1 : at - 1;
    list[next].focus();
  }

  return (
    // The keys are handled for the menu as a whole; the summary and the entries take the focus.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <details ref={ref} className={classes.menu} data-testid={testId} onKeyDown={onKeyDown}>
      <summary
        className={[classes.summary, summaryClassName].filter(Boolean).join(" ")}
        role="button"
        aria-label={label}
        title={label}
        aria-expanded={hydrated ? open : undefined}
        aria-keyshortcuts={keyShortcuts}
      >
        {summary}
      </summary>
      <div className={[classes.dropdown, dropdownClassName].filter(Boolean).join(" ")} data-align={align}>
        {children}
      </div>
    </details>
  );
}
