import { useNavigate } from "@remix-run/react";
import type { MouseEvent, ReactNode } from "react";
import { isClientNavigation } from "~/ui/client-links";

/**
 * Client-side navigation for the plain `<a href>` links inside (one listener instead of a
 * router `<Link>` per link: a `<Link>` costs ~45 µs of server rendering, and the catalogue
 * browser has hundreds). The app layout wraps every page in one. Without JS the links are
 * ordinary links. `data-keep-scroll` on a link keeps the scroll position, like
 * `preventScrollReset`; `data-reload` (or `download`, or another target) leaves it to the browser.
 */
export function ClientLinks({ children, className }: { children: ReactNode; className?: string }) {
  const navigate = useNavigate();
  function onClick(event: MouseEvent<HTMLDivElement>) {
    const anchor = (event.target as Element).closest?.("a");
    if (!anchor || !event.currentTarget.contains(anchor)) return;
    const to = isClientNavigation(
      { button: event.button, modified: event.metaKey || event.ctrlKey || event.shiftKey || event.altKey, defaultPrevented: event.defaultPrevented },
      { href: anchor.getAttribute("href"), target: anchor.getAttribute("target"), download: anchor.hasAttribute("download"), reload: anchor.hasAttribute("data-reload") },
    );
    if (to === null) return;
    event.preventDefault();
    navigate(to, { preventScrollReset: anchor.hasAttribute("data-keep-scroll") });
  }
  return (
    // The listener only upgrades clicks on the links inside; keyboard activation of a link fires click too.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div className={className} onClick={onClick}>
      {children}
    </div>
  );
}
