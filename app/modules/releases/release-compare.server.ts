import type { Executor } from "~/server/audit.server";
import type { HeaderContent, ServiceContent } from "./release-snapshot.server";
import { headerContent, piece, serviceContents, structurePieces } from "./release-snapshot.server";
import { releaseContents, releaseHeader, type ReleaseRow } from "./releases.server";

/**
 * Comparing two versions of a catalogue (issue 35 §5): two releases, or a release and the working
 * copy (the approved services as they are now, taken the way publishing would take them). Which
 * services were added, removed, moved (another category, or their category in another area) and
 * changed comes from the outlines and content hashes alone; only a changed service's two bodies
 * are decoded, for its field-by-field difference.
 */

export type Side = { kind: "release"; release: ReleaseRow } | { kind: "working"; catalogueId: number };
export type ChangeKind = "added" | "removed" | "moved" | "changed";
export const CHANGE_KINDS: readonly ChangeKind[] = ["added", "removed", "moved", "changed"];

interface Placed {
  name: string;
  parentId: number | null;
  hash: string;
}

interface Outline {
  areas: Map<number, Placed>;
  categories: Map<number, Placed>;
  services: Map<number, Placed>;
}

async function releaseOutlineOf(db: Executor, releaseId: number): Promise<Outline> {
  const rows = await db
    .selectFrom("release_items")
    .select(["kind", "item_id", "parent_id", "name", "content_hash"])
    .where("release_id", "=", releaseId)
    .where("kind", "in", ["area", "category", "service"])
    .execute();
  const outline: Outline = { areas: new Map(), categories: new Map(), services: new Map() };
  for (const r of rows) {
    const map = r.kind === "area" ? outline.areas : r.kind === "category" ? outline.categories : outline.services;
    map.set(r.item_id, { name: r.name, parentId: r.parent_id, hash: r.content_hash });
  }
  return outline;
}

/** The working copy as a release of it would hold it now (hashes computed the same way, nothing stored). */
async function workingOutlineOf(db: Executor, catalogueId: number): Promise<Outline> {
  const outline: Outline = { areas: new Map(), categories: new Map(), services: new Map() };
  for (const p of await structurePieces(db, catalogueId)) (p.kind === "area" ? outline.areas : outline.categories).set(p.itemId, { name: p.name, parentId: p.parentId, hash: p.hash });
  const ids = (
    await db.selectFrom("services").select("id").where("service_catalogue_id", "=", catalogueId).where("deleted_at", "is", null).where("status", "=", "closed").where("stage", "=", "live").orderBy("id").execute()
  ).map((r) => r.id);
  for (let i = 0; i < ids.length; i += 500) {
    for (const { row, content } of await serviceContents(db, ids.slice(i, i + 500))) {
      outline.services.set(row.id, { name: row.name, parentId: row.category_id, hash: piece("service", row.id, row.category_id, row.name, row.position, content).hash });
    }
  }
  return outline;
}

const outlineOf = (db: Executor, side: Side) => (side.kind === "release" ? releaseOutlineOf(db, side.release.id) : workingOutlineOf(db, side.catalogueId));

export interface Placement {
  categoryId: number | null;
  category: string | null;
  areaId: number | null;
  area: string | null;
}

export interface ComparedService {
  id: number;
  name: string;
  /** The name before, when it was renamed. */
  formerName: string | null;
  changes: ChangeKind[];
  from: Placement | null;
  to: Placement | null;
}

function placement(outline: Outline, service: Placed): Placement {
  const category = service.parentId !== null ? outline.categories.get(service.parentId) : undefined;
  const area = category?.parentId != null ? outline.areas.get(category.parentId) : undefined;
  return {
    categoryId: category ? service.parentId : null,
    category: category?.name ?? null,
    areaId: area ? category!.parentId : null,
    area: area?.name ?? null,
  };
}

/** Every service that differs between `from` and `to`, by name; unchanged ones are only counted. */
export async function compareSides(db: Executor, from: Side, to: Side) {
  const [a, b] = await Promise.all([outlineOf(db, from), outlineOf(db, to)]);
  const services: ComparedService[] = [];
  let unchanged = 0;
  for (const [id, before] of a.services) {
    const after = b.services.get(id);
    if (!after) {
      services.push({ id, name: before.name, formerName: null, changes: ["removed"], from: placement(a, before), to: null });
      continue;
    }
    const was = placement(a, before);
    const is = placement(b, after);
    const changes: ChangeKind[] = [];
    if (was.categoryId !== is.categoryId || was.areaId !== is.areaId) changes.push("moved");
    if (before.hash !== after.hash) changes.push("changed");
    if (changes.length) services.push({ id, name: after.name, formerName: after.name !== before.name ? before.name : null, changes, from: was, to: is });
    else unchanged++;
  }
  for (const [id, after] of b.services) {
    if (!a.services.has(id)) services.push({ id, name: after.name, formerName: null, changes: ["added"], from: null, to: placement(b, after) });
  }
  services.sort((x, y) => x.name.localeCompare(y.name, "de") || x.id - y.id);
  const counts = Object.fromEntries(CHANGE_KINDS.map((kind) => [kind, services.filter((s) => s.changes.includes(kind)).length])) as Record<ChangeKind, number>;
  // The filters offer the areas and categories of both sides.
  const names = (x: Map<number, Placed>, y: Map<number, Placed>) =>
    [...new Map([...x, ...y].map(([id, p]) => [id, p.name]))].map(([id, name]) => ({ id, name })).sort((p, q) => p.name.localeCompare(q.name, "de") || p.id - q.id);
  return { services, counts: { ...counts, unchanged }, areas: names(a.areas, b.areas), categories: names(a.categories, b.categories) };
}

export type Comparison = Awaited<ReturnType<typeof compareSides>>;

// ------------------------------------------------------------------------------------ one service, field by field

type Named = { id: number; name: string };

/** A service's content on one side, with the names its relations point to on that side, and the attribute names. */
async function serviceSide(db: Executor, side: Side, serviceId: number) {
  if (side.kind === "release") {
    const found = (await releaseContents<ServiceContent>(db, side.release.id, "service", [serviceId])).get(serviceId);
    if (!found) return null;
    const ids = (kind: "owner" | "provider" | "kpi" | "tag" | "service", list: number[]) =>
      list.length
        ? db.selectFrom("release_items").select(["item_id as id", "name"]).where("release_id", "=", side.release.id).where("kind", "=", kind).where("item_id", "in", list).execute()
        : Promise.resolve([] as Named[]);
    const c = found.content;
    const [owners, providers, kpis, tags, requires, header] = await Promise.all([
      ids("owner", c.owners),
      ids("provider", c.providers),
      ids("kpi", c.kpis),
      ids("tag", c.tags),
      ids("service", c.requires),
      releaseHeader<HeaderContent>(db, side.release.id),
    ]);
    return { content: c, names: { owners, providers, kpis, tags, requires }, attributes: header?.attributes ?? [] };
  }
  const found = (await serviceContents(db, [serviceId]))[0];
  if (!found || found.row.deleted_at !== null || found.row.status !== "closed" || found.row.stage !== "live" || found.row.service_catalogue_id !== side.catalogueId) return null;
  const c = found.content;
  const live = (table: "owners" | "providers" | "kpis" | "tags" | "services", list: number[]) =>
    list.length ? db.selectFrom(table).select(["id", "name"]).where("id", "in", list).execute() : Promise.resolve([] as Named[]);
  const [owners, providers, kpis, tags, requires, header] = await Promise.all([
    live("owners", c.owners),
    live("providers", c.providers),
    live("kpis", c.kpis),
    live("tags", c.tags),
    live("services", c.requires),
    headerContent(db, side.catalogueId),
  ]);
  return { content: c, names: { owners, providers, kpis, tags, requires }, attributes: header.attributes };
}

const RELATIONS = ["owners", "providers", "kpis", "tags", "requires"] as const;
const CHILDREN = ["options", "responsibilities", "links"] as const;
const NOT_FIELDS = new Set<string>([...RELATIONS, ...CHILDREN, "attributes", "picture", "picture_mime", "translations"]);

/** Translations (issue 37) as fields of their own: `name@en`, `description@en`. */
function translatedFields(content: Record<string, unknown>): Record<string, string> {
  const byLanguage = (content.translations ?? {}) as Record<string, Record<string, string>>;
  return Object.fromEntries(Object.entries(byLanguage).flatMap(([language, fields]) => Object.entries(fields).map(([field, value]) => [`${field}@${language}`, value])));
}

export interface ChildChange {
  kind: (typeof CHILDREN)[number];
  change: "added" | "removed" | "changed";
  name: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const same = (x: unknown, y: unknown) => JSON.stringify(x ?? null) === JSON.stringify(y ?? null);
const childName = (kind: ChildChange["kind"], row: Record<string, unknown>) =>
  String(kind === "options" ? row.name : kind === "links" ? row.url : (row.description ?? "")).slice(0, 200);
const withoutPicture = (row: Record<string, unknown>) => {
  const { picture, picture_mime: _m, ...rest } = row;
  return picture === undefined ? rest : { ...rest, picture: picture ? "changed" : null };
};

/**
 * The difference of one service between the sides, in the shape an audit activity stores
 * (old/new values of the fields that differ, relations by name) so the History tab's presenter
 * shows it; children (options, responsibilities, links) added, removed or changed, one by one.
 * Null when neither side holds the service.
 */
export async function serviceDifference(db: Executor, from: Side, to: Side, serviceId: number) {
  const [a, b] = await Promise.all([serviceSide(db, from, serviceId), serviceSide(db, to, serviceId)]);
  if (!a && !b) return null;
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const ac = (a?.content ?? {}) as Record<string, unknown>;
  const bc = (b?.content ?? {}) as Record<string, unknown>;
  for (const key of new Set([...Object.keys(ac), ...Object.keys(bc)])) {
    if (NOT_FIELDS.has(key) || same(ac[key], bc[key])) continue;
    if (a) before[key] = ac[key] ?? null;
    if (b) after[key] = bc[key] ?? null;
  }
  const [at, bt] = [translatedFields(ac), translatedFields(bc)];
  for (const key of new Set([...Object.keys(at), ...Object.keys(bt)])) {
    if (same(at[key], bt[key])) continue;
    if (a) before[key] = at[key] ?? null;
    if (b) after[key] = bt[key] ?? null;
  }
  if (!same(ac.picture, bc.picture)) {
    if (a) before.picture = ac.picture ? "changed" : null;
    if (b) after.picture = bc.picture ? "changed" : "removed";
  }
  for (const key of RELATIONS) {
    const x = (a?.names[key] ?? []).map((n) => n.name).sort((p, q) => p.localeCompare(q, "de"));
    const y = (b?.names[key] ?? []).map((n) => n.name).sort((p, q) => p.localeCompare(q, "de"));
    if (same(x, y)) continue;
    if (a) before[key] = x;
    if (b) after[key] = y;
  }
  const attributeName = new Map([...(a?.attributes ?? []), ...(b?.attributes ?? [])].map((item) => [String(item.id), item.designation]));
  const av = (a?.content.attributes ?? {}) as Record<string, string>;
  const bv = (b?.content.attributes ?? {}) as Record<string, string>;
  const attributeLabels: Record<string, string> = {};
  for (const id of new Set([...Object.keys(av), ...Object.keys(bv)])) {
    if (same(av[id], bv[id])) continue;
    const key = `attribute_${id}`;
    attributeLabels[key] = attributeName.get(id) ?? id;
    if (a) before[key] = av[id] ?? null;
    if (b) after[key] = bv[id] ?? null;
  }
  const children: ChildChange[] = [];
  for (const kind of CHILDREN) {
    const x = new Map(((a?.content[kind] ?? []) as unknown as Record<string, unknown>[]).map((row) => [Number(row.id), withoutPicture(row)]));
    const y = new Map(((b?.content[kind] ?? []) as unknown as Record<string, unknown>[]).map((row) => [Number(row.id), withoutPicture(row)]));
    for (const [id, row] of x) {
      const other = y.get(id);
      if (!other) children.push({ kind, change: "removed", name: childName(kind, row), before: row, after: null });
      else if (!same({ ...row, position: 0, pos: 0 }, { ...other, position: 0, pos: 0 })) {
        const changed = Object.keys({ ...row, ...other }).filter((k) => k !== "id" && k !== "position" && k !== "pos" && !same(row[k], other[k]));
        children.push({ kind, change: "changed", name: childName(kind, other), before: pick(row, changed), after: pick(other, changed) });
      }
    }
    for (const [id, row] of y) if (!x.has(id)) children.push({ kind, change: "added", name: childName(kind, row), before: null, after: row });
  }
  return {
    name: String(bc.name ?? ac.name ?? ""),
    activity: { old_values: a ? JSON.stringify(before) : null, new_values: b ? JSON.stringify(after) : null },
    attributeLabels,
    children,
  };
}

function pick(row: Record<string, unknown>, keys: string[]) {
  return Object.fromEntries(keys.map((k) => [k, row[k] ?? null]));
}

/** The names of the fields that differ (for the CSV and the change list): service fields, relations, attributes, children. */
export function changedFieldKeys(difference: NonNullable<Awaited<ReturnType<typeof serviceDifference>>>): string[] {
  const keys = new Set<string>();
  for (const json of [difference.activity.old_values, difference.activity.new_values]) if (json) for (const key of Object.keys(JSON.parse(json) as object)) keys.add(key);
  for (const child of difference.children) keys.add(child.kind);
  return [...keys];
}
