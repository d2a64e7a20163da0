import { sql } from "kysely";
import { recordActivity, type Causer, type Executor } from "~/server/audit.server";
import { foldCase, inTransaction } from "~/server/db-helpers.server";
import { NotFoundError, ValidationError } from "~/server/errors.server";
import { isUniqueViolation } from "~/server/db-errors";
import { nowIso } from "~/lib/time";
import { baseDataPieces, contentOf, headerContent, piece, serviceContents, structurePieces, type Piece } from "./release-snapshot.server";
import { chunks } from "~/lib/chunks";
import { getRelease, RELEASE_COLUMNS, toRow, type ReleaseRow } from "./release-rows.server";

export { getRelease, latestRelease, releaseContents, releaseHeader, releaseOutline, type ReleaseItem, type ReleaseRow } from "./release-rows.server";

/**
 * Catalogue releases (issue 35, decision 0068): publishing freezes the catalogue's approved services
 * and everything they show into content-addressed pieces; nothing here ever updates a piece or an
 * item. A release is withdrawn (hidden from customers, kept) and re-instated; only a withdrawn one
 * is deleted. Every write is an activity ("release").
 */

/** Services read and stored per round: bounded memory whatever the catalogue's size. */
const BATCH = 500;

export interface ReleaseInput {
  label: string;
  note: string | null;
}

/** The services a release of this catalogue takes: approved (closed) and live (issue 36 §2), outside the bin. */
function includedServices(db: Executor, catalogueId: number) {
  return db.selectFrom("services").where("service_catalogue_id", "=", catalogueId).where("deleted_at", "is", null).where("status", "=", "closed").where("stage", "=", "live");
}

/** What the publish dialog says: how many services go in, and how many are left out because they are not approved. */
export async function publishPreview(db: Executor, catalogueId: number) {
  const rows = await db
    .selectFrom("services")
    .select(["status", "stage", sql<number>`count(*)`.as("n")])
    .where("service_catalogue_id", "=", catalogueId)
    .where("deleted_at", "is", null)
    .groupBy(["status", "stage"])
    .execute();
  const count = (match: (r: (typeof rows)[number]) => boolean) => rows.filter(match).reduce((sum, r) => sum + Number(r.n), 0);
  return {
    included: count((r) => r.status === "closed" && r.stage === "live"),
    notApproved: count((r) => r.status !== "closed"),
    // Approved, but planned or retired (issue 36 §2).
    notLive: count((r) => r.status === "closed" && r.stage !== "live"),
  };
}

async function storePieces(db: Executor, releaseId: number, pieces: Piece[]) {
  if (!pieces.length) return;
  const contents = new Map(pieces.map((p) => [p.hash, p.body]));
  for (const chunk of chunks([...contents], BATCH)) {
    await db
      .insertInto("release_contents")
      .values(chunk.map(([hash, body]) => ({ hash, body })))
      .onConflict((oc) => oc.column("hash").doNothing())
      .execute();
  }
  for (const chunk of chunks(pieces, BATCH)) {
    await db
      .insertInto("release_items")
      .values(chunk.map((p) => ({ release_id: releaseId, kind: p.kind, item_id: p.itemId, parent_id: p.parentId, name: p.name, position: p.position, content_hash: p.hash })))
      .execute();
  }
}


/** Publishes the catalogue as it is now under `label`; returns the new release's id. */
export async function publishRelease(db: Executor, catalogueId: number, input: ReleaseInput, causer: Causer): Promise<number> {
  const label = input.label.trim();
  return inTransaction(db, async (trx) => {
    const catalogue = await trx.selectFrom("service_catalogues").select("id").where("id", "=", catalogueId).executeTakeFirst();
    if (!catalogue) throw new NotFoundError("catalogue");
    const taken = await trx
      .selectFrom("releases")
      .select("id")
      .where("service_catalogue_id", "=", catalogueId)
      .where(foldCase(trx, sql.ref("label")), "=", label.toLowerCase())
      .executeTakeFirst();
    if (taken) throw new ValidationError({ label: "releases.labelTaken" });
    const header = contentOf(await headerContent(trx, catalogueId));
    await trx.insertInto("release_contents").values(header).onConflict((oc) => oc.column("hash").doNothing()).execute();
    const structure = await structurePieces(trx, catalogueId);
    const ids = (await includedServices(trx, catalogueId).select("id").orderBy("id").execute()).map((r) => r.id);
    const counts = {
      service_count: ids.length,
      area_count: structure.filter((p) => p.kind === "area").length,
      category_count: structure.filter((p) => p.kind === "category").length,
    };
    let releaseId: number;
    try {
      const inserted = await trx
        .insertInto("releases")
        .values({ service_catalogue_id: catalogueId, label, note: input.note, publisher_name: causer.name, published_by: causer.id, header_hash: header.hash, published_at: nowIso(), ...counts })
        .returning("id")
        .executeTakeFirstOrThrow();
      releaseId = inserted.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw new ValidationError({ label: "releases.labelTaken" });
      throw error;
    }
    await storePieces(trx, releaseId, structure);
    const refs = { owners: new Set<number>(), providers: new Set<number>(), kpis: new Set<number>(), tags: new Set<number>() };
    for (const batch of chunks(ids, BATCH)) {
      const contents = await serviceContents(trx, batch);
      for (const { content } of contents) for (const kind of ["owners", "providers", "kpis", "tags"] as const) for (const ref of content[kind]) refs[kind].add(ref);
      await storePieces(
        trx,
        releaseId,
        contents.map(({ row, content }) => piece("service", row.id, row.category_id, row.name, row.position, content)),
      );
    }
    await storePieces(trx, releaseId, await baseDataPieces(trx, refs));
    await recordActivity(trx, { subjectType: "release", subjectId: releaseId, event: "published", causer, newValues: { catalogue: catalogueId, label, ...counts } });
    return releaseId;
  });
}

export interface ServiceChanges {
  added: number;
  removed: number;
  changed: number;
}

/** Services added, removed and changed (content, or moved to another category) from release `from` to `to`. */
export async function serviceChangeCounts(db: Executor, from: number, to: number): Promise<ServiceChanges> {
  const { rows } = await sql<{ added: number; removed: number; changed: number }>`
    select
      (select count(*) from release_items b where b.release_id = ${to} and b.kind = 'service'
        and not exists (select 1 from release_items a where a.release_id = ${from} and a.kind = 'service' and a.item_id = b.item_id)) as added,
      (select count(*) from release_items a where a.release_id = ${from} and a.kind = 'service'
        and not exists (select 1 from release_items b where b.release_id = ${to} and b.kind = 'service' and b.item_id = a.item_id)) as removed,
      (select count(*) from release_items a join release_items b on b.release_id = ${to} and b.kind = 'service' and b.item_id = a.item_id
        where a.release_id = ${from} and a.kind = 'service'
          and (a.content_hash <> b.content_hash or coalesce(a.parent_id, 0) <> coalesce(b.parent_id, 0))) as changed`.execute(db);
  const row = rows[0]!;
  return { added: Number(row.added), removed: Number(row.removed), changed: Number(row.changed) };
}

/**
 * The releases of a catalogue, newest first, each with its changes against the one before it
 * (withdrawn ones included for those who may see them: a withdrawn release was still handed out).
 */
export async function listReleases(db: Executor, catalogueId: number, opts: { withWithdrawn: boolean }) {
  const rows = await releasesOf(db, catalogueId, opts);
  return Promise.all(
    rows.map(async (release, index) => {
      const previous = rows[index + 1];
      return { ...release, previousId: previous?.id ?? null, previousLabel: previous?.label ?? null, changes: previous ? await serviceChangeCounts(db, previous.id, release.id) : null };
    }),
  );
}

/** The releases of a catalogue, newest first, without their changes. */
export async function releasesOf(db: Executor, catalogueId: number, opts: { withWithdrawn: boolean }): Promise<ReleaseRow[]> {
  const rows = await db
    .selectFrom("releases")
    .select(RELEASE_COLUMNS)
    .where("service_catalogue_id", "=", catalogueId)
    .$if(!opts.withWithdrawn, (q) => q.where("state", "=", "published"))
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toRow);
}

async function releaseOrNotFound(db: Executor, id: number) {
  const release = await getRelease(db, id);
  if (!release) throw new NotFoundError("release");
  return release;
}

/** Hides a release from customers and share links; kept, with who and why. */
export async function withdrawRelease(db: Executor, id: number, reason: string, causer: Causer) {
  return inTransaction(db, async (trx) => {
    const release = await releaseOrNotFound(trx, id);
    if (release.state === "withdrawn") return false;
    await trx
      .updateTable("releases")
      .set({ state: "withdrawn", withdrawn_at: nowIso(), withdrawn_by: causer.id, withdrawn_by_name: causer.name, withdrawn_reason: reason.trim() })
      .where("id", "=", id)
      .execute();
    await recordActivity(trx, { subjectType: "release", subjectId: id, event: "withdrawn", causer, newValues: { label: release.label, reason: reason.trim() } });
    return true;
  });
}

export async function reinstateRelease(db: Executor, id: number, causer: Causer) {
  return inTransaction(db, async (trx) => {
    const release = await releaseOrNotFound(trx, id);
    if (release.state === "published") return false;
    await trx.updateTable("releases").set({ state: "published", withdrawn_at: null, withdrawn_by: null, withdrawn_by_name: null, withdrawn_reason: null }).where("id", "=", id).execute();
    await recordActivity(trx, {
      subjectType: "release",
      subjectId: id,
      event: "reinstated",
      causer,
      oldValues: { reason: release.withdrawnReason },
      newValues: { label: release.label },
    });
    return true;
  });
}

/** Deletes a withdrawn release and the contents no other release shares. */
export async function deleteRelease(db: Executor, id: number, causer: Causer) {
  return inTransaction(db, async (trx) => {
    const release = await releaseOrNotFound(trx, id);
    if (release.state !== "withdrawn") throw new ValidationError({ _form: "releases.deleteOnlyWithdrawn" });
    const header = await trx.selectFrom("releases").select("header_hash").where("id", "=", id).executeTakeFirstOrThrow();
    await trx.deleteFrom("release_items").where("release_id", "=", id).execute();
    await trx.deleteFrom("releases").where("id", "=", id).execute();
    await sql`delete from release_contents where not exists (select 1 from release_items i where i.content_hash = release_contents.hash)
      and not exists (select 1 from releases r where r.header_hash = release_contents.hash)`.execute(trx);
    await recordActivity(trx, {
      subjectType: "release",
      subjectId: id,
      event: "deleted",
      causer,
      oldValues: { label: release.label, catalogue: release.catalogueId, reason: release.withdrawnReason, header: header.header_hash },
    });
  });
}
