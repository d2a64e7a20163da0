import { getDb } from "~/server/db/db.server";
import { isActiveApiKey } from "~/modules/settings/api-keys.server";

/** The header other instances (the template import) send the key in. */
export const API_KEY_HEADER = "X-Api-Key";

/**
 * The catalogue API's guard: the key from the Api-Key settings, checked against the stored hash.
 * A missing, wrong or rotated-away key gets 401 and no data (as JSON, like every API answer).
 */
export async function requireApiKey(request: Request): Promise<void> {
  if (await isActiveApiKey(getDb(), request.headers.get(API_KEY_HEADER))) return;
  throw Response.json({ message: "Unauthenticated." }, { status: 401, headers: { "WWW-Authenticate": `ApiKey header="${API_KEY_HEADER}"` } });
}
