/**
 * Where the shell's toast goes (issue 32 §12): bottom right as before, unless it would sit over
 * controls there — on a phone the section a form just created often ends at the bottom edge, its
 * "hinzufügen" links under the toast — and fewer would be covered at the top, below the app bar.
 */

/** The app bar's height plus the toast's margin (app/ui/shell: --header-height 56px). */
export const TOAST_TOP_OFFSET = 72;

const CONTROLS = "a[href], button, summary, input:not([type=hidden]), select, textarea, [role=button], [tabindex]:not([tabindex='-1'])";

function covered(region: HTMLElement, box: { top: number; bottom: number; left: number; right: number }): number {
  let count = 0;
  for (const element of Array.from(document.querySelectorAll(CONTROLS))) {
    if (region.contains(element)) continue;
    const r = element.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top) count++;
  }
  return count;
}

/** "top" when the toast at the bottom covers controls and fewer at the top; else "bottom". */
export function toastPlace(region: HTMLElement): "top" | "bottom" {
  const box = region.getBoundingClientRect();
  const atBottom = covered(region, box);
  if (atBottom === 0) return "bottom";
  const top = { top: TOAST_TOP_OFFSET, bottom: TOAST_TOP_OFFSET + box.height, left: box.left, right: box.right };
  return covered(region, top) < atBottom ? "top" : "bottom";
}
