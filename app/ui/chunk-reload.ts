// After a deploy, an open page may ask for script chunks that no longer exist. Reload once to
// pick up the new build, but at most once a minute so a real outage cannot cause a reload loop.
export const RELOAD_GUARD_MS = 60_000;
const KEY = "servicehub:lastChunkReload";

export function shouldReload(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || Number.isNaN(lastReloadAt) || now - lastReloadAt >= RELOAD_GUARD_MS;
}

export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : typeof reason === "string" ? reason : "";
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError/i.test(
    message,
  );
}

export function reloadForChunkError(reason: unknown): boolean {
  if (typeof window === "undefined" || !isChunkLoadError(reason)) return false;
  const last = Number(window.sessionStorage.getItem(KEY));
  const now = Date.now();
  if (!shouldReload(last || null, now)) return false;
  window.sessionStorage.setItem(KEY, String(now));
  window.location.reload();
  return true;
}

export function installChunkReloadGuard() {
  window.addEventListener("unhandledrejection", (event) => reloadForChunkError(event.reason));
  window.addEventListener("error", (event) => reloadForChunkError(event.error ?? event.message));
}
