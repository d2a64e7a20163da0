import { afterEach, describe, expect, it, vi } from "vitest";
import { RELOAD_GUARD_MS, isChunkLoadError, reloadForChunkError, shouldReload } from "~/ui/chunk-reload";

describe("shouldReload", () => {
  const now = 1_700_000_000_000;

  it("reloads when there was no reload before", () => {
    expect(shouldReload(null, now)).toBe(true);
    expect(shouldReload(Number.NaN, now)).toBe(true);
  });

  it("does not reload again within 60 000 ms", () => {
    expect(RELOAD_GUARD_MS).toBe(60_000);
    expect(shouldReload(now, now)).toBe(false);
    expect(shouldReload(now - 1, now)).toBe(false);
    expect(shouldReload(now - 59_999, now)).toBe(false);
  });

  it("reloads again at and after 60 000 ms", () => {
    expect(shouldReload(now - 60_000, now)).toBe(true);
    expect(shouldReload(now - 60_001, now)).toBe(true);
    expect(shouldReload(now - 3_600_000, now)).toBe(true);
  });
});

describe("isChunkLoadError", () => {
  it.each([
    ["Chrome", new TypeError("Failed to fetch dynamically imported module: https://app.example/assets/route-abc123.js")],
    ["Safari", new TypeError("Importing a module script failed.")],
    ["Firefox", new TypeError("error loading dynamically imported module: https://app.example/assets/x.js")],
    ["string reason", "Failed to fetch dynamically imported module: /assets/a.js"],
  ])("recognises a chunk load failure (%s)", (_name, reason) => {
    expect(isChunkLoadError(reason)).toBe(true);
  });

  it.each([
    ["a network error", new TypeError("Failed to fetch")],
    ["an ordinary error", new Error("Cannot read properties of undefined (reading 'x')")],
    ["an empty error", new Error("")],
    ["undefined", undefined],
    ["null", null],
    ["an object", { message: "Failed to fetch dynamically imported module" }],
  ])("does not treat %s as a chunk load failure", (_name, reason) => {
    expect(isChunkLoadError(reason)).toBe(false);
  });
});

describe("reloadForChunkError", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  function fakeWindow() {
    const store = new Map<string, string>();
    const reload = vi.fn();
    vi.stubGlobal("window", {
      sessionStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => void store.set(k, v),
      },
      location: { reload },
    });
    return { reload };
  }

  const chunkError = new TypeError("Failed to fetch dynamically imported module: /assets/a.js");

  it("does nothing on the server (no window)", () => {
    expect(reloadForChunkError(chunkError)).toBe(false);
  });

  it("reloads once for a chunk error, not again within a minute, and again after it", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2030-01-01T00:00:00Z"));
    const { reload } = fakeWindow();

    expect(reloadForChunkError(chunkError)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(59_000);
    expect(reloadForChunkError(chunkError)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(1_000);
    expect(reloadForChunkError(chunkError)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("does not reload for other errors", () => {
    const { reload } = fakeWindow();
    expect(reloadForChunkError(new Error("boom"))).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
