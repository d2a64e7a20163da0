/**
 * Whether a click on a plain link should become a client-side navigation, and to where:
 * only plain left clicks on same-site paths ("/…", "?…") that open in this tab.
 */
export function isClientNavigation(
  click: { button: number; modified: boolean; defaultPrevented: boolean },
  link: { href: string | null; target: string | null; download: boolean; reload: boolean },
): string | null {
  if (click.defaultPrevented || click.button !== 0 || click.modified) return null;
  if (link.download || link.reload || (link.target && link.target !== "_self")) return null;
  const href = link.href;
  if (!href || href.startsWith("//")) return null;
  return href.startsWith("/") || href.startsWith("?") ? href : null;
}
