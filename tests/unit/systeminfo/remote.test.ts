import { afterEach, describe, expect, it, vi } from "vitest";
import { createSystemHost, parseRemoteLatestVersion, parseRemoteMessage, parseRemotePatchNotes } from "~/modules/systeminfo/remote.server";

/**
 * The system host's answers are outside input (issue 16 §7): validated, sanitised again, and a
 * host that fails in any way means "nothing there" — never an error page.
 */

const NOW = new Date("2026-06-01T12:00:00.000Z");
const FUTURE = "2026-06-02T12:00:00.000Z";

afterEach(() => vi.restoreAllMocks());

describe("payload validation", () => {
  it("patch notes: sorted newest first, HTML sanitised, unknown fields dropped", () => {
    const notes = parseRemotePatchNotes([
      { id: 1, headline: "Alt", text: "<p>a</p>", version: "1.0", patch_date: "2026-01-01 10:00", secret: "x" },
      { id: 2, headline: "Neu", text: '<p onclick="x()">b<script>alert(1)</script></p>', version: "1.1", patch_date: "2026-02-01 10:00" },
      { headline: "Ohne Id und Datum" },
    ]);
    expect(notes.map((n) => n.headline)).toEqual(["Neu", "Alt", "Ohne Id und Datum"]);
    expect(notes[0].text).toBe("<p>b</p>");
    expect(notes[0]).not.toHaveProperty("secret");
    expect(notes[2]).toMatchObject({ text: "", version: null, patch_date: null });
    expect(notes[2].id).toBeLessThan(0);
  });

  it("patch notes: anything else is refused", () => {
    for (const bad of [null, {}, "[]", [{ headline: "" }], [{ headline: 3 }], [{ headline: "x", version: 1 }]]) {
      expect(() => parseRemotePatchNotes(bad)).toThrow();
    }
  });

  it("latest version: the version and the newest note or null", () => {
    expect(parseRemoteLatestVersion({ version: "2.0.0", patch: null })).toEqual({ version: "2.0.0", patch: null });
    expect(parseRemoteLatestVersion({ version: "2.0.0", patch: { id: 5, headline: "H", text: "<b>x</b>", version: "2.0.0", patch_date: null } }).patch).toMatchObject({ id: 5, text: "<b>x</b>" });
    expect(() => parseRemoteLatestVersion({ patch: null })).toThrow();
  });

  it("message: shown only while its expiration date is set and not passed; the key names the host", () => {
    expect(parseRemoteMessage({ id: 7, headline: "Wartung", text: "<p>Heute</p><img src=x onerror=alert(1)>", expiration_date: FUTURE }, "host.example:8080", NOW)).toEqual({
      key: "host.example:8080:7",
      headline: "Wartung",
      text: "<p>Heute</p>",
    });
    expect(parseRemoteMessage({ id: 7, headline: "Wartung", text: "", expiration_date: "2026-05-01T00:00:00.000Z" }, "h", NOW)).toBeNull();
    expect(parseRemoteMessage({ id: 7, headline: "Wartung", text: "", expiration_date: null }, "h", NOW)).toBeNull();
    expect(() => parseRemoteMessage({ id: 7, text: "ohne Überschrift", expiration_date: FUTURE }, "h", NOW)).toThrow();
  });

  it("message without id: a stable key from its content", () => {
    const a = parseRemoteMessage({ headline: "A", text: "t", expiration_date: FUTURE }, "h", NOW)!;
    const again = parseRemoteMessage({ headline: "A", text: "t", expiration_date: FUTURE }, "h", NOW)!;
    const other = parseRemoteMessage({ headline: "B", text: "t", expiration_date: FUTURE }, "h", NOW)!;
    expect(a.key).toMatch(/^h:[0-9a-f]{16}$/);
    expect(again.key).toBe(a.key);
    expect(other.key).not.toBe(a.key);
  });
});

/** A fetch that answers per path and counts the requests. */
function fakeFetch(answers: Record<string, () => Response | Promise<Response>>) {
  const calls: string[] = [];
  const fn = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input));
    calls.push(url.pathname);
    const answer = answers[url.pathname];
    if (!answer) return new Response("not found", { status: 404 });
    return answer();
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("createSystemHost", () => {
  it("reads the three endpoints under the host's address (a path prefix kept)", async () => {
    const { fetch, calls } = fakeFetch({
      "/hub/api/patch-notes": () => json([{ id: 1, headline: "N", text: "", version: "1", patch_date: "2026-01-01 10:00" }]),
      "/hub/api/latest-version": () => json({ version: "3.1.0", patch: null }),
      "/hub/api/latest-message": () => json({ id: 4, headline: "M", text: "<p>x</p>", expiration_date: "2999-01-01T00:00:00.000Z" }),
    });
    const host = createSystemHost("http://host.example/hub", { fetch });
    expect((await host.patchNotes()).map((n) => n.headline)).toEqual(["N"]);
    expect(await host.latestVersion()).toEqual({ version: "3.1.0", patch: null });
    expect(await host.latestMessage()).toEqual({ key: "host.example:4", headline: "M", text: "<p>x</p>" });
    expect(calls).toEqual(["/hub/api/patch-notes", "/hub/api/latest-version", "/hub/api/latest-message"]);
  });

  it("a 404 for the message means none, without logging", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const host = createSystemHost("http://host.example", { fetch: fakeFetch({}).fetch });
    expect(await host.latestMessage()).toBeNull();
    expect(error).not.toHaveBeenCalled();
  });

  it("failures are logged and count as none: an error status, broken JSON, an invalid payload, a refused connection, a timeout", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const cases: Record<string, () => Response | Promise<Response>>[] = [
      { "/api/patch-notes": () => json({ error: "x" }, 500), "/api/latest-message": () => json({}, 503) },
      { "/api/patch-notes": () => new Response("<html>", { status: 200 }), "/api/latest-message": () => new Response("{", { status: 200 }) },
      { "/api/patch-notes": () => json([{ headline: 42 }]), "/api/latest-message": () => json({ id: 1, expiration_date: "2999-01-01" }) },
      {
        "/api/patch-notes": () => Promise.reject(new TypeError("fetch failed")),
        "/api/latest-message": () => Promise.reject(new TypeError("fetch failed")),
      },
    ];
    for (const answers of cases) {
      const host = createSystemHost("http://host.example", { fetch: fakeFetch(answers).fetch });
      expect(await host.patchNotes()).toEqual([]);
      expect(await host.latestMessage()).toBeNull();
    }
    expect(error).toHaveBeenCalledTimes(cases.length * 2);
    expect(String(error.mock.calls[0][0])).toContain("http://host.example/api/patch-notes");

    // A host that never answers: given up after the timeout.
    const hanging = vi.fn(
      (_input: unknown, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason))),
    );
    const slow = createSystemHost("http://host.example", { fetch: hanging as unknown as typeof fetch, timeoutMs: 50 });
    const started = Date.now();
    expect(await slow.latestMessage()).toBeNull();
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("caches answers for the TTL, failures too; after it a stale answer is served while a fresh one loads", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    let clock = 1_000;
    let version = "1.0.0";
    let failing = false;
    const { fetch, calls } = fakeFetch({
      "/api/latest-version": () => (failing ? json({}, 500) : json({ version, patch: null })),
    });
    const host = createSystemHost("http://host.example", { fetch, ttlMs: 60_000, now: () => clock });
    expect((await host.latestVersion())?.version).toBe("1.0.0");
    version = "2.0.0";
    expect((await host.latestVersion())?.version).toBe("1.0.0");
    expect(calls).toHaveLength(1);
    clock += 60_001;
    // Stale: answered at once from the cache, the refresh runs behind it.
    expect((await host.latestVersion())?.version).toBe("1.0.0");
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    await vi.waitFor(async () => expect((await host.latestVersion())?.version).toBe("2.0.0"));
    // A failure is remembered as "none" for the TTL: no request per page while the host is down.
    clock += 60_001;
    failing = true;
    await host.latestVersion();
    await vi.waitFor(async () => expect(await host.latestVersion()).toBeNull());
    const requests = calls.length;
    await host.latestVersion();
    expect(calls).toHaveLength(requests);
  });

  it("a cached message still expires on time", async () => {
    let clock = Date.parse("2026-06-01T12:00:00.000Z");
    const { fetch } = fakeFetch({ "/api/latest-message": () => json({ id: 1, headline: "M", text: "", expiration_date: "2026-06-01T12:00:30.000Z" }) });
    const host = createSystemHost("http://host.example", { fetch, now: () => clock });
    expect(await host.latestMessage(new Date(clock))).not.toBeNull();
    clock += 31_000;
    expect(await host.latestMessage(new Date(clock))).toBeNull();
  });
});
