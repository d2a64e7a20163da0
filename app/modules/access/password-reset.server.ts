import crypto from "node:crypto";
import { MINUTE, isoIn, nowIso } from "~/lib/time";
import type { Executor } from "../../server/audit.server";
import { recordActivity } from "../../server/audit.server";
import { findUserByEmail, setPassword } from "./user.server";

export const RESET_TOKEN_TTL_MS = 60 * MINUTE;
/** An invitation waits longer than a reset: the new colleague may read it days later. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * MINUTE;

function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/**
 * Creates a single-use token for the account with this e-mail, if there is one. Only the hash is
 * stored, so a leaked database does not hand out working links. Returns undefined for unknown e-mails.
 */
export async function createPasswordResetToken(db: Executor, email: string, options: { ttlMs?: number; event?: string } = {}) {
  const user = await findUserByEmail(db, email);
  if (!user || user.azure_user === 1) return undefined;
  const token = crypto.randomBytes(32).toString("base64url");
  await db.deleteFrom("password_reset_tokens").where("user_id", "=", user.id).where("used_at", "is", null).execute();
  await db
    .insertInto("password_reset_tokens")
    .values({ user_id: user.id, token_hash: hashToken(token), expires_at: isoIn(options.ttlMs ?? RESET_TOKEN_TTL_MS), created_at: nowIso() })
    .execute();
  await recordActivity(db, { subjectType: "user", subjectId: user.id, event: options.event ?? "password_reset_requested" });
  return { token, user: { id: user.id, name: user.name, email: user.email } };
}

/** The token's row when it exists, is unused and has not expired. */
export async function findValidResetToken(db: Executor, token: string) {
  return db
    .selectFrom("password_reset_tokens")
    .select(["id", "user_id"])
    .where("token_hash", "=", hashToken(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", nowIso())
    .executeTakeFirst();
}

/** Uses the token once; returns false when it is not (or no longer) valid. */
export async function resetPasswordWithToken(db: Executor, token: string, password: string): Promise<boolean> {
  const row = await findValidResetToken(db, token);
  if (!row) return false;
  // The `used_at is null` condition makes a second concurrent use update nothing.
  const used = await db
    .updateTable("password_reset_tokens")
    .set({ used_at: nowIso() })
    .where("id", "=", row.id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) return false;
  await setPassword(db, row.user_id, password, null, "password_reset");
  return true;
}
