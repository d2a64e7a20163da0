import crypto from "node:crypto";
import { sql } from "kysely";
import { recordActivity, type Causer, type Executor } from "~/server/audit.server";
import { inTransaction } from "~/server/db-helpers.server";
import { NotFoundError } from "~/server/errors.server";
import { nowIso } from "~/lib/time";
import { getRelease, type ReleaseRow } from "./releases.server";

/**
 * Share links (issue 35 §7, decision 0070): a random token of 192 bits (base64url), stored as its
 * SHA-256 only; optional expiry (end of the given day, Berlin time, as an ISO instant), revocable,
 * counted on every page a visitor opens. A link opens only its release, and only while that
 * release is published (a withdrawn release's links answer "gone" like a revoked one).
 */

/** Requests one client may make through share links per minute. */
export const SHARE_REQUESTS_PER_MINUTE = 120;

const hash = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

export interface ReleaseLinkRow {
  id: number;
  label: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  accessCount: number;
  lastAccessAt: string | null;
  createdAt: string;
  createdByName: string | null;
}

/** Makes a link; returns its id and the token (the only time it exists outside the visitor's address bar). */
export async function createReleaseLink(db: Executor, releaseId: number, input: { label: string | null; expiresAt: string | null }, causer: Causer) {
  const token = crypto.randomBytes(24).toString("base64url");
  return inTransaction(db, async (trx) => {
    const release = await getRelease(trx, releaseId);
    if (!release) throw new NotFoundError("release");
    const row = await trx
      .insertInto("release_links")
      .values({ release_id: releaseId, token_hash: hash(token), label: input.label, expires_at: input.expiresAt, created_by: causer.id, created_by_name: causer.name, created_at: nowIso() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordActivity(trx, { subjectType: "release", subjectId: releaseId, event: "link_created", causer, newValues: { link: row.id, label: input.label, expires_at: input.expiresAt } });
    return { id: row.id, token };
  });
}

export async function listReleaseLinks(db: Executor, releaseId: number): Promise<ReleaseLinkRow[]> {
  const rows = await db.selectFrom("release_links").selectAll().where("release_id", "=", releaseId).orderBy("created_at", "desc").orderBy("id", "desc").execute();
  return rows.map((r) => ({
    id: r.id,
    label: r.label,
    expiresAt: r.expires_at,
    revokedAt: r.revoked_at,
    accessCount: Number(r.access_count),
    lastAccessAt: r.last_access_at,
    createdAt: r.created_at,
    createdByName: r.created_by_name,
  }));
}

/** Revokes a link of the release; false when it was revoked already. */
export async function revokeReleaseLink(db: Executor, releaseId: number, linkId: number, causer: Causer) {
  return inTransaction(db, async (trx) => {
    const link = await trx.selectFrom("release_links").select(["id", "revoked_at", "label"]).where("id", "=", linkId).where("release_id", "=", releaseId).executeTakeFirst();
    if (!link) throw new NotFoundError("link");
    if (link.revoked_at) return false;
    await trx.updateTable("release_links").set({ revoked_at: nowIso() }).where("id", "=", linkId).execute();
    await recordActivity(trx, { subjectType: "release", subjectId: releaseId, event: "link_revoked", causer, oldValues: { link: linkId, label: link.label } });
    return true;
  });
}

export type SharedRelease = { state: "open"; linkId: number; release: ReleaseRow } | { state: "gone" } | { state: "unknown" };

/** What a token opens: its release; "gone" when revoked, expired or the release withdrawn; "unknown" otherwise. */
export async function resolveShareToken(db: Executor, token: string, now = new Date()): Promise<SharedRelease> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return { state: "unknown" };
  const link = await db.selectFrom("release_links").select(["id", "release_id", "expires_at", "revoked_at"]).where("token_hash", "=", hash(token)).executeTakeFirst();
  if (!link) return { state: "unknown" };
  if (link.revoked_at || (link.expires_at && link.expires_at <= now.toISOString())) return { state: "gone" };
  const release = await getRelease(db, link.release_id);
  if (!release || release.state !== "published") return { state: "gone" };
  return { state: "open", linkId: link.id, release };
}

/** Counts one page a visitor opened through the link. */
export async function countShareAccess(db: Executor, linkId: number) {
  await db
    .updateTable("release_links")
    .set({ access_count: sql`access_count + 1`, last_access_at: nowIso() })
    .where("id", "=", linkId)
    .execute();
}

/** Counts a request of a client through share links this minute; true while within the limit. */
export async function withinShareLimit(db: Executor, ip: string, now = new Date(), limit = SHARE_REQUESTS_PER_MINUTE): Promise<boolean> {
  const window = new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString();
  const row = await db
    .insertInto("release_link_hits")
    .values({ ip, window_start: window, count: 1 })
    .onConflict((oc) => oc.columns(["ip", "window_start"]).doUpdateSet({ count: sql`release_link_hits.count + 1` }))
    .returning("count")
    .executeTakeFirstOrThrow();
  if (Number(row.count) === 1) await db.deleteFrom("release_link_hits").where("window_start", "<", window).execute();
  return Number(row.count) <= limit;
}
