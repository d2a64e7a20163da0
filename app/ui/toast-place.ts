/**
 * Where the shell's toast goes (issue 32 §12): bottom right as before, unless it would sit over
 * the controls a person is about to use — on a phone the section a form just created often ends at
 * the bottom edge, its "hinzufügen" links under the toast. Those are the controls inside the
 * navigation's #target and the focused one; the toast then moves up, below the app bar, when it
 * covers fewer of them there (or nothing at all there).
 */

/** The app bar's height plus the toast's margin (app/shell: --header-height 56px). */
export const TOAST_TOP_OFFSET = 72;

const CONTROLS = "a[href], button, summary, input:not([type=hidden]), select, textarea, [role=button]";

type Box = { top: number; bottom: number; left: number; right: number };

function coveredBy(region: HTMLElement, box: Box): Element[] {
  return Array.from(document.querySelectorAll(CONTROLS)).filter((element) => {
    if (region.contains(element)) return false;
    const r = element.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top;
  });
}

function targetOfHash(): Element | null {
  if (location.hash.length < 2) return null;
  try {
    return document.getElementById(decodeURIComponent(location.hash.slice(1)));
  } catch {
    return null;
  }
}

/** "top" when the toast at the bottom covers what the person works on and the top is better; else "bottom". */
export function toastPlace(region: HTMLElement): "top" | "bottom" {
  const box = region.getBoundingClientRect();
  const atBottom = coveredBy(region, box);
  if (!atBottom.length) return "bottom";
  const atTop = coveredBy(region, { top: TOAST_TOP_OFFSET, bottom: TOAST_TOP_OFFSET + box.height, left: box.left, right: box.right });
  if (!atTop.length) return "top";
  const target = targetOfHash();
  const active = document.activeElement !== document.body ? document.activeElement : null;
  const current = (element: Element) => Boolean(target?.contains(element) || (active && active.contains(element)));
  return atBottom.filter(current).length > atTop.filter(current).length ? "top" : "bottom";
}
