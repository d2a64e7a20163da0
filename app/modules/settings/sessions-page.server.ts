import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getSessionId, requireUser } from "~/modules/access/session.server";
import type { SessionUser } from "~/modules/access/user.server";
import { getDb } from "~/server/db/db.server";
import { NotFoundError } from "~/server/errors.server";
import { redirectWithFlash } from "~/server/flash.server";
import { parseForm } from "~/server/form.server";
import { returnPath } from "~/server/return-to.server";
import { endOtherSessions, endOwnSession, listOwnSessions, type OwnSession } from "./sessions.server";
import { refusal } from "~/server/refusal.server";

/**
 * The "signed-in devices" entry of the settings: its rows for the entry's loader, and the action of
 * /settings/sessions behind its buttons (plain POST forms, so they work without JavaScript).
 */

const SETTINGS = "/settings/sessions";

/** The rows of the card; the settings loader has already checked the user. */
export async function ownSessionsFor(request: Request, user: SessionUser): Promise<OwnSession[]> {
  return listOwnSessions(getDb(), user.id, await getSessionId(request));
}

// The session names are publicSessionId values: 22 characters of base64url.
const SessionsFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("others") }),
  z.object({ intent: z.literal("one"), session: z.string().regex(/^[A-Za-z0-9_-]{22}$/) }),
]);

/** Ends the user's other sessions ("others") or one of them ("one"); never the current one. */
export async function sessionsAction({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  // requireUser found the session, so the request carries its id; the guard keeps endSessionsOf from ever ending all.
  const currentId = await getSessionId(request);
  if (!currentId) throw refusal(403);
  const { submission } = await parseForm(request, SessionsFormSchema);
  // Buttons only, nothing typed: a body that fails the schema was not sent by the card. A resource
  // route answers with a real Response (single fetch would send a data() refusal as 200).
  if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
  const db = getDb();
  const back = returnPath(request, SETTINGS);
  const sent = submission.value;
  if (sent.intent === "others") {
    const count = await endOtherSessions(db, user, currentId);
    if (count === 0) return redirectWithFlash(request, back, { kind: "info", message: "sessions.noneEnded" });
    return redirectWithFlash(request, back, { kind: "success", message: "sessions.endedOthers", values: { count } });
  }
  try {
    await endOwnSession(db, user, currentId, sent.session);
  } catch (error) {
    // Someone else's session, the current one or one already gone: the same answer, nothing changed.
    if (error instanceof NotFoundError) throw refusal(404);
    throw error;
  }
  return redirectWithFlash(request, back, { kind: "success", message: "sessions.endedOne" });
}
