import type { Executor } from "~/server/audit.server";
import type { ReleaseItemKind, ReleaseState } from "~/server/db/schema";

/**
 * Reading stored releases (issue 35): a release's row, the latest one customers may read, its
 * outline, contents and header. Kept apart from publishing (releases.server.ts) so the pages that
 * only read a release — the browser's customer view, the dashboard — import no more than this.
 */

export interface ReleaseRow {
  id: number;
  catalogueId: number;
  label: string;
  note: string | null;
  state: ReleaseState;
  publishedAt: string;
  publisherName: string | null;
  withdrawnAt: string | null;
  withdrawnByName: string | null;
  withdrawnReason: string | null;
  services: number;
  areas: number;
  categories: number;
}

export const RELEASE_COLUMNS = [
  "id",
  "service_catalogue_id",
  "label",
  "note",
  "state",
  "published_at",
  "publisher_name",
  "withdrawn_at",
  "withdrawn_by_name",
  "withdrawn_reason",
  "service_count",
  "area_count",
  "category_count",
] as const;

type StoredRelease = { [K in (typeof RELEASE_COLUMNS)[number]]: unknown };

export function toRow(r: StoredRelease): ReleaseRow {
  return {
    id: Number(r.id),
    catalogueId: Number(r.service_catalogue_id),
    label: String(r.label),
    note: (r.note as string | null) ?? null,
    state: r.state as ReleaseState,
    publishedAt: String(r.published_at),
    publisherName: (r.publisher_name as string | null) ?? null,
    withdrawnAt: (r.withdrawn_at as string | null) ?? null,
    withdrawnByName: (r.withdrawn_by_name as string | null) ?? null,
    withdrawnReason: (r.withdrawn_reason as string | null) ?? null,
    services: Number(r.service_count),
    areas: Number(r.area_count),
    categories: Number(r.category_count),
  };
}

export async function getRelease(db: Executor, id: number): Promise<ReleaseRow | null> {
  const row = await db.selectFrom("releases").select(RELEASE_COLUMNS).where("id", "=", id).executeTakeFirst();
  return row ? toRow(row) : null;
}

/** The latest release customers may read (not withdrawn); null before the first one. */
export async function latestRelease(db: Executor, catalogueId: number): Promise<ReleaseRow | null> {
  const row = await db
    .selectFrom("releases")
    .select(RELEASE_COLUMNS)
    .where("service_catalogue_id", "=", catalogueId)
    .where("state", "=", "published")
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row ? toRow(row) : null;
}


export interface ReleaseItem {
  kind: ReleaseItemKind;
  id: number;
  parentId: number | null;
  name: string;
  position: number;
}

/** Areas, categories and services of a release in their order (no content: lists and the tree). */
export async function releaseOutline(db: Executor, releaseId: number): Promise<ReleaseItem[]> {
  const rows = await db
    .selectFrom("release_items")
    .select(["kind", "item_id", "parent_id", "name", "position"])
    .where("release_id", "=", releaseId)
    .where("kind", "in", ["area", "category", "service"])
    .orderBy("position")
    .orderBy("name")
    .orderBy("item_id")
    .execute();
  return rows.map((r) => ({ kind: r.kind, id: r.item_id, parentId: r.parent_id, name: r.name, position: r.position }));
}

/** The stored content of items of a release (decoded), keyed by item id. */
export async function releaseContents<T>(db: Executor, releaseId: number, kind: ReleaseItemKind, ids?: number[]) {
  const rows = await db
    .selectFrom("release_items as i")
    .innerJoin("release_contents as c", "c.hash", "i.content_hash")
    .select(["i.item_id", "i.parent_id", "i.name", "c.body"])
    .where("i.release_id", "=", releaseId)
    .where("i.kind", "=", kind)
    .$if(ids !== undefined, (q) => q.where("i.item_id", "in", ids!.length ? ids! : [0]))
    .execute();
  return new Map(rows.map((r) => [r.item_id, { parentId: r.parent_id, name: r.name, content: JSON.parse(r.body) as T }]));
}

export async function releaseHeader<T>(db: Executor, releaseId: number): Promise<T | null> {
  const row = await db
    .selectFrom("releases as r")
    .innerJoin("release_contents as c", "c.hash", "r.header_hash")
    .select("c.body")
    .where("r.id", "=", releaseId)
    .executeTakeFirst();
  return row ? (JSON.parse(row.body) as T) : null;
}
