import { recordActivity, type Causer, type Executor } from "~/server/audit.server";
import { inTransaction } from "~/server/db-helpers.server";
import { NotFoundError } from "~/server/errors.server";

/**
 * Service headlines (issue 15 §3): the 11 fixed positions titling the service page's sections and
 * its jump-to list. A position without a custom text shows the built-in heading in the reader's
 * language; a custom text is the organisation's own wording and shows as written in both
 * languages (docs/decisions/0023-service-headline-language.md). Every change is audited
 * (subject "service_headline").
 */

export interface Headline {
  id: number;
  position: number;
  headline_text_init: string;
  headline_text_custom: string | null;
}

export async function listHeadlines(db: Executor): Promise<Headline[]> {
  return db.selectFrom("service_headlines").select(["id", "position", "headline_text_init", "headline_text_custom"]).orderBy("position").execute();
}

/** Sets (or with null/empty resets) one position's custom text; false when nothing changed. */
export async function setHeadline(db: Executor, position: number, custom: string | null, causer: Causer): Promise<boolean> {
  const text = custom?.replace(/\s+/g, " ").trim() || null;
  return inTransaction(db, async (trx) => {
    const before = await trx.selectFrom("service_headlines").select(["id", "headline_text_custom"]).where("position", "=", position).executeTakeFirst();
    if (!before) throw new NotFoundError("service headline");
    if ((before.headline_text_custom?.trim() || null) === text) return false;
    await trx.updateTable("service_headlines").set({ headline_text_custom: text }).where("id", "=", before.id).execute();
    await recordActivity(trx, {
      subjectType: "service_headline",
      subjectId: before.id,
      event: "updated",
      causer,
      oldValues: { position, headline_text_custom: before.headline_text_custom },
      newValues: { position, headline_text_custom: text },
    });
    return true;
  });
}

/** Back to the initial text: the built-in heading in the reader's language. */
export function resetHeadline(db: Executor, position: number, causer: Causer): Promise<boolean> {
  return setHeadline(db, position, null, causer);
}
