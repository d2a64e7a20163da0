import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFactoryClient, FactoryError } from "~/modules/factory/factory-client.server";
import { FACTORY_FAILURE } from "~/modules/factory/factory-errors.server";
import { loadSnapshot } from "~/modules/factory/factory-lists.server";
import { expandSelection, filterLists, type FactoryLists } from "~/modules/factory/factory-types";

/**
 * The template server's client (issue 18 §2) against a real server on a loopback port that speaks
 * the catalogue API's paging — and misbehaves on purpose: a refused key, nonsense, silence, a
 * redirect. Every failure is a FactoryError the screens turn into their message.
 */
const KEY = "shk_test-key";
/** The test's template server listens on loopback, which only the allow-setting permits. */
const LOOPBACK = { allowPrivate: true };
const SERVICES = Array.from({ length: 120 }, (_, i) => ({ id: i + 1, name: `Dienst ${i + 1}`, category_id: (i % 3) + 1, service_catalogue_id: 1 }));
const seen: { path: string; key: string | undefined }[] = [];

function paged(items: unknown[], page: number) {
  const last = Math.max(1, Math.ceil(items.length / 50));
  // Links that point elsewhere: the client must never follow them.
  return { data: items.slice((page - 1) * 50, page * 50), current_page: page, last_page: last, total: items.length, next_page_url: page < last ? "http://evil.example/steal" : null, prev_page_url: null };
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://x");
  seen.push({ path: `${url.pathname}${url.search}`, key: req.headers["x-api-key"] as string | undefined });
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };
  if (url.pathname.startsWith("/silent/")) return; // never answers
  if (url.pathname.startsWith("/moved/")) {
    res.writeHead(302, { Location: "http://127.0.0.1:1/elsewhere" });
    return res.end();
  }
  if (url.pathname.startsWith("/nonsense/")) {
    res.writeHead(200, { "Content-Type": "text/html" });
    return res.end("<html>maintenance</html>");
  }
  if (req.headers["x-api-key"] !== KEY) return json(401, { message: "Unauthenticated." });
  const page = Number(url.searchParams.get("page") ?? 1);
  const path = url.pathname.replace(/^\/prefix/, "");
  if (path === "/api/servicecatalog") return json(200, { data: [{ id: 1, title: "Vorlagen", areas_count: 1, categories_count: 3, services_count: 120 }] });
  if (path === "/api/areas") return json(200, paged([{ id: 1, name: "Arbeitsplatz", service_catalogue_id: 1 }], page));
  if (path === "/api/categories")
    return json(
      200,
      paged(
        [1, 2, 3].map((id) => ({ id, name: `Kategorie ${id}`, service_area_id: id === 3 ? null : 1, service_catalogue_id: 1 })),
        page,
      ),
    );
  if (path === "/api/services") return json(200, paged(SERVICES, page));
  // One release (issue 35 §8): 60 of the services as it froze them, placed in areas and categories by name.
  if (path === "/api/releases") return json(200, { data: [{ id: 5, catalogue_id: 1, catalogue_title: "Vorlagen", label: "2026.1", published_at: "2026-11-01T10:00:00.000Z", services_count: 60, areas_count: 1, categories_count: 2 }] });
  if (path === "/api/releases/5/services")
    return json(
      200,
      paged(
        SERVICES.slice(0, 60).map((s) => ({ ...s, name: `Eingefroren ${s.id}`, category_name: `Kategorie ${s.category_id}`, area_id: s.category_id === 3 ? null : 1, area_name: s.category_id === 3 ? null : "Arbeitsplatz" })),
        page,
      ),
    );
  if (path === "/api/factory/providers") return json(200, { data: [{ id: 1, name: "Anbieter" }, { id: "kaputt" }] });
  json(404, { message: "Not found." });
});

let base: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(FactoryError);
    return (error as FactoryError).failure;
  }
  throw new Error("expected a failure");
}

describe("the template server's client", () => {
  it("walks a list page by page to its last page on its own address, with the key, never following the answer's links", async () => {
    seen.length = 0;
    const client = createFactoryClient({ url: `${base}/prefix`, key: KEY }, LOOPBACK);
    const items = await client.all("services");
    expect(items).toHaveLength(120);
    expect(seen.map((s) => s.path)).toEqual(["/prefix/api/services?page=1", "/prefix/api/services?page=2", "/prefix/api/services?page=3"]);
    expect(seen.every((s) => s.key === KEY)).toBe(true);
  });

  it("loads the whole catalogue as one snapshot and reuses it until asked afresh", async () => {
    const connection = { url: base, key: KEY };
    const first = await loadSnapshot(connection, { ...LOOPBACK, fresh: true });
    expect(first.lists.services).toHaveLength(120);
    expect(first.lists.categories.map((c) => c.areaId)).toEqual([1, 1, null]);
    expect(first.services.get(7)).toMatchObject({ name: "Dienst 7" });
    seen.length = 0;
    expect(await loadSnapshot(connection, LOOPBACK)).toBe(first);
    expect(seen).toEqual([]);
    expect(await loadSnapshot(connection, { ...LOOPBACK, fresh: true })).not.toBe(first);
  });

  it("reads list items one by one: an unreadable one is left out", async () => {
    expect(await createFactoryClient({ url: base, key: KEY }, LOOPBACK).providers()).toMatchObject([{ id: 1, name: "Anbieter" }]);
  });

  it("tells a refused key, nonsense, silence, a redirect and a closed port apart in the log — all FactoryErrors", async () => {
    expect(await failure(createFactoryClient({ url: base, key: "shk_wrong" }, LOOPBACK).catalogues())).toBe("refused");
    expect(await failure(createFactoryClient({ url: `${base}/nonsense`, key: KEY }, LOOPBACK).catalogues())).toBe("invalid");
    expect(await failure(createFactoryClient({ url: base, key: KEY }, LOOPBACK).service(999))).toBe("notFound");
    expect(await failure(createFactoryClient({ url: `${base}/silent`, key: KEY }, { ...LOOPBACK, timeoutMs: 300 }).catalogues())).toBe("unreachable");
    expect(await failure(createFactoryClient({ url: `${base}/moved`, key: KEY }, LOOPBACK).catalogues())).toBe("unreachable");
    expect(await failure(createFactoryClient({ url: "http://127.0.0.1:1", key: KEY }, LOOPBACK).catalogues())).toBe("unreachable");
  });

  it("says 'Connection error' for every failure, whatever its kind (issue 31 §10)", () => {
    expect(FACTORY_FAILURE).toBe("factory.errors.connection");
  });
});

describe("selection and search (spec 02 §4, §5)", () => {
  const lists: FactoryLists = {
    catalogues: [{ id: 1, title: "Vorlagen" }],
    areas: [
      { id: 1, name: "Arbeitsplatz", catalogueId: 1 },
      { id: 2, name: "Netzwerk", catalogueId: 1 },
    ],
    categories: [
      { id: 10, name: "Endgeräte", areaId: 1, catalogueId: 1 },
      { id: 11, name: "Software", areaId: 1, catalogueId: 1 },
      { id: 20, name: "WLAN", areaId: 2, catalogueId: 1 },
    ],
    services: [
      { id: 100, name: "Notebook", categoryId: 10, catalogueId: 1 },
      { id: 101, name: "Monitor", categoryId: 10, catalogueId: 1 },
      { id: 110, name: "Office-Paket", categoryId: 11, catalogueId: 1 },
      { id: 200, name: "Gäste-WLAN", categoryId: 20, catalogueId: 1 },
    ],
  };

  it("an area brings its categories' services, a category its own, never a linked one", () => {
    const linked = new Set([101]);
    expect(expandSelection(lists, { areas: [1], categories: [], services: [] }, linked)).toEqual([100, 110]);
    expect(expandSelection(lists, { areas: [], categories: [20], services: [100] }, linked)).toEqual([100, 200]);
    expect(expandSelection(lists, { areas: [], categories: [], services: [101] }, linked)).toEqual([]);
  });

  it("searches names case-insensitively as substrings; an area or category that matches keeps its services", () => {
    expect(filterLists(lists, "NOTE").services.map((s) => s.id)).toEqual([100]);
    expect(filterLists(lists, "NOTE").areas.map((a) => a.id)).toEqual([1]);
    expect(filterLists(lists, "wlan").services.map((s) => s.id)).toEqual([200]);
    expect(filterLists(lists, "arbeitsplatz").services.map((s) => s.id)).toEqual([100, 101, 110]);
    expect(filterLists(lists, "gäste").categories.map((c) => c.id)).toEqual([20]);
    expect(filterLists(lists, "nichts").services).toEqual([]);
    expect(filterLists(lists, "  ")).toBe(lists);
  });
});

describe("a release of the template server (issue 35 §8)", () => {
  it("walks the release's services over its pages and takes areas and categories from them", async () => {
    const snapshot = await loadSnapshot({ url: base, key: KEY, release: 5 }, { ...LOOPBACK, fresh: true });
    expect(snapshot.release).toEqual({ id: 5, label: "2026.1" });
    expect(snapshot.lists.catalogues).toEqual([{ id: 1, title: "Vorlagen" }]);
    expect(snapshot.lists.services).toHaveLength(60);
    expect(snapshot.lists.services[0]).toMatchObject({ id: 1, name: "Eingefroren 1", categoryId: 1, catalogueId: 1 });
    expect(snapshot.lists.areas).toEqual([{ id: 1, name: "Arbeitsplatz", catalogueId: 1 }]);
    expect(snapshot.lists.categories.sort((a, b) => a.id - b.id)).toEqual([
      { id: 1, name: "Kategorie 1", areaId: 1, catalogueId: 1 },
      { id: 2, name: "Kategorie 2", areaId: 1, catalogueId: 1 },
      { id: 3, name: "Kategorie 3", areaId: null, catalogueId: 1 },
    ]);
    expect(seen.some((s) => s.path === "/api/releases/5/services?page=2")).toBe(true);
  });

  it("a release the template server does not publish is a FactoryError", async () => {
    await expect(loadSnapshot({ url: base, key: KEY, release: 6 }, { ...LOOPBACK, fresh: true })).rejects.toBeInstanceOf(FactoryError);
  });
});
