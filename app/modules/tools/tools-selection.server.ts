import { sql } from "kysely";
import { getCatalogue, getCurrentCatalogueId, isServiceAreaActive, type CatalogueName } from "~/modules/catalogue/catalogue.server";
import { serviceFilterConditions } from "~/modules/catalogue/service-search.server";
import type { Executor } from "~/server/audit.server";
import { NotFoundError } from "~/server/errors.server";
import { refusal } from "~/server/refusal.server";
import { parseToolsSelection, type ToolsSelection } from "./tools-query";

/**
 * Which services the tools work on: the browser's filter in a catalogue (the browser's own query
 * code, so both find the same services) or the browser's selection (a checked area takes its
 * categories' services, a checked category its services: spec 01 §4, applied on the server).
 * Binned services never count. Ids come in name order.
 */

/** More ids than a URL of checked boxes can sensibly carry are ignored. */
const MAX_PICKED_IDS = 5000;
/** Ids per query when rows are read for a list of ids (parameter limits of SQLite and Postgres). */
export const ID_CHUNK = 1000;

export interface ResolvedSelection {
  selection: ToolsSelection;
  /** The catalogue of a filter (null for a selection of ids). */
  catalogue: CatalogueName | null;
  ids: number[];
}

/** The services a tools page's address picks (an unknown catalogue is a 404). */
export async function resolved(db: Executor, user: { id: number }, url: URL): Promise<ResolvedSelection> {
  try {
    return await resolveSelection(db, user.id, parseToolsSelection(url.searchParams));
  } catch (error) {
    if (error instanceof NotFoundError) throw refusal(404);
    throw error;
  }
}

export async function resolveSelection(db: Executor, userId: number, selection: ToolsSelection): Promise<ResolvedSelection> {
  if (selection.mode === "selection") {
    const areas = selection.areas.slice(0, MAX_PICKED_IDS);
    const chosen = selection.categories.slice(0, MAX_PICKED_IDS);
    const services = selection.services.slice(0, MAX_PICKED_IDS);
    const fromAreas = areas.length ? (await db.selectFrom("service_categories").select("id").where("service_area_id", "in", areas).execute()).map((r) => r.id) : [];
    const categories = [...new Set([...chosen, ...fromAreas])];
    if (!categories.length && !services.length) return { selection, catalogue: null, ids: [] };
    const rows = await db
      .selectFrom("services as s")
      .select("s.id")
      .where("s.deleted_at", "is", null)
      .where((eb) =>
        eb.or([...(services.length ? [eb("s.id", "in", services)] : []), ...(categories.length ? [eb("s.category_id", "in", categories)] : [])]),
      )
      .orderBy(sql`lower(s.name)`)
      .orderBy("s.id")
      .execute();
    return { selection, catalogue: null, ids: rows.map((r) => r.id) };
  }
  const catalogueId = selection.catalogueId ?? (await getCurrentCatalogueId(db, userId));
  const catalogue = await getCatalogue(db, catalogueId);
  if (!catalogue) throw new NotFoundError("catalogue");
  // As in the browser: with the area level switched off, an area filter does not apply.
  const filter = (await isServiceAreaActive(db)) ? selection.filter : { ...selection.filter, areas: [] };
  const where = await serviceFilterConditions(db, catalogueId, filter);
  const rows = await db.selectFrom("services as s").where(where).select("s.id").orderBy(sql`lower(s.name)`).orderBy("s.id").execute();
  return { selection: { ...selection, catalogueId, filter }, catalogue, ids: rows.map((r) => r.id) };
}

export interface PickedService {
  id: number;
  name: string;
  status: string;
  statuspercent: number;
  category_name: string | null;
  catalogue_id: number | null;
  updated_at: string;
}

/** The rows of these services in the given order (for the page's list of picked services). */
export async function pickedServices(db: Executor, ids: number[]): Promise<PickedService[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom("services as s")
    .leftJoin("service_categories as c", "c.id", "s.category_id")
    .select(["s.id", "s.name", "s.status", "s.statuspercent", "c.name as category_name", "s.service_catalogue_id as catalogue_id", "s.updated_at"])
    .where("s.id", "in", ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, { ...r, statuspercent: Number(r.statuspercent) }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
