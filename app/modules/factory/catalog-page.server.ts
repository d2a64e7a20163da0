import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/modules/access/policy.server";
import { getDb } from "~/server/db/db.server";
import { createFactoryClient, FactoryError } from "./factory-client.server";
import { FACTORY_FAILURE } from "./factory-errors.server";
import { linkedServices } from "./factory-import.server";
import { listPage, loadSnapshot } from "./factory-lists.server";
import { readFactoryService, type FactoryService } from "./factory-service.server";
import { getFactoryConnection } from "./factory-settings.server";
import { filterLists, type FactoryLists, type ListName } from "./factory-types";
import { refusal } from "~/server/refusal.server";
import { idOr404 } from "~/server/ids.server";

/**
 * /factory/catalog (admin guard): the template's areas, categories and services to choose from.
 * With `?load=1` the server walks the template's pages itself (the page without JS; `refresh=1`
 * walks afresh, else a snapshot of the last minutes serves, as for the search `q`). Without it the
 * page arrives at once and, with JS, walks the pages through /factory/catalog/pages, showing its
 * progress. Services already linked to a local service come marked (`linked`).
 */
export const CATALOG_PATH = "/factory/catalog";

const SEARCH_MAX = 200;

export async function factoryCatalogLoader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "access:admin");
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").slice(0, SEARCH_MAX);
  const [connection, linked] = await Promise.all([getFactoryConnection(db), linkedServices(db)]);
  const base = {
    configured: connection !== null,
    /** Reading a release of the template server (issue 35 §8): its label once the snapshot says it. */
    release: null as string | null,
    fromRelease: Boolean(connection?.release),
    q,
    linked: [...linked] as [number, number][],
    lists: null as FactoryLists | null,
    total: 0,
    error: null as string | null,
  };
  if (!connection || params.get("load") !== "1") return base;
  try {
    const snapshot = await loadSnapshot(connection, { fresh: params.get("refresh") === "1" });
    return { ...base, release: snapshot.release?.label ?? null, lists: filterLists(snapshot.lists, q), total: snapshot.lists.services.length };
  } catch (error) {
    console.error("[factory] catalogue:", error instanceof Error ? error.message : error);
    return { ...base, error: FACTORY_FAILURE };
  }
}

const LISTS: readonly ListName[] = ["catalogues", "areas", "categories", "services"];

/** GET /factory/catalog/pages?list=services&page=3 — one page of one list (JSON), for the walk with JS. */
export async function factoryPagesLoader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "access:admin");
  const params = new URL(request.url).searchParams;
  const list = LISTS.find((name) => name === params.get("list"));
  const raw = params.get("page") ?? "1";
  const page = /^\d{1,4}$/.test(raw) ? Math.max(1, Number(raw)) : 0;
  if (!list || !page) return Response.json({ ok: false, error: "errors.badRequest" }, { status: 400 });
  const connection = await getFactoryConnection(getDb());
  if (!connection) return Response.json({ ok: false, error: "factory.notConfigured" }, { status: 409 });
  const answer = await listPage(connection, list, page);
  return Response.json(answer, { status: answer.ok ? 200 : 502, headers: { "Cache-Control": "no-store" } });
}

/** /factory/catalog/service/:id — one template service as the template server publishes it. */
export async function factoryServicePreviewLoader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "access:admin");
  const id = idOr404(params.id);
  const db = getDb();
  const [connection, linked] = await Promise.all([getFactoryConnection(db), linkedServices(db)]);
  if (!connection) return { id, service: null, error: "factory.notConfigured", localId: null };
  let service: (FactoryService & { category_name: string | null; area_name: string | null }) | null = null;
  try {
    // From a release (issue 35 §8) the service is the one the release froze, from the snapshot of it.
    const raw = connection.release ? (await loadSnapshot(connection)).services.get(id) : await createFactoryClient(connection).service(id);
    if (raw === undefined) throw new FactoryError("notFound", `service ${id} is not in the release`);
    const read = readFactoryService(raw);
    if ("invalid" in read) return { id, service: null, error: "factory.errors.catalogue", localId: linked.get(id) ?? null };
    const names = raw as { category_name?: unknown; area_name?: unknown };
    service = {
      ...read.service,
      category_name: typeof names.category_name === "string" ? names.category_name : null,
      area_name: typeof names.area_name === "string" ? names.area_name : null,
    };
  } catch (error) {
    if (error instanceof FactoryError && error.failure === "notFound") throw refusal(404);
    console.error("[factory] preview:", error instanceof Error ? error.message : error);
    return { id, service: null, error: FACTORY_FAILURE, localId: linked.get(id) ?? null };
  }
  return { id, service, error: null, localId: linked.get(id) ?? null };
}
