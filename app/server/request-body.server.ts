/**
 * The one way an action reads a submitted form. A body that is not a form (JSON, plain text,
 * no content type, multipart without a boundary) or that cannot be parsed is the client's
 * mistake: it gets 415 or 400 here, before any action logic, instead of a 500 from deep inside
 * the framework. ESLint forbids calling `request.formData()` anywhere else.
 */

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data\s*;.*\bboundary=\S+)/i;

export const UNSUPPORTED_BODY = "Unsupported Media Type: send the form as application/x-www-form-urlencoded or multipart/form-data.";
export const UNREADABLE_BODY = "Bad Request: the form data could not be read.";

/** Whether the request says it carries a form the server can read. */
export function hasFormBody(request: Request): boolean {
  return FORM_TYPES.test(request.headers.get("Content-Type") ?? "");
}

export async function readFormData(request: Request): Promise<FormData> {
  if (!hasFormBody(request)) throw new Response(UNSUPPORTED_BODY, { status: 415, statusText: "Unsupported Media Type" });
  try {
    // eslint-disable-next-line no-restricted-syntax -- the one permitted call
    return await request.formData();
  } catch {
    throw new Response(UNREADABLE_BODY, { status: 400, statusText: "Bad Request" });
  }
}

export const MISSING_VERSION = "Bad Request: the form carries no version (updated_at); reload the page and try again.";

/**
 * The version (`updated_at`) an edit form was loaded with. Every versioned form must send it:
 * without it a save could not be told apart from a blind overwrite of someone else's change, so
 * a missing one is a 400 and nothing is written. `allowEmpty` is for a record that may not
 * exist yet (the organisation's customer data before its first save): the field must still be sent.
 */
export function formVersion(form: FormData, opts: { allowEmpty?: boolean } = {}): string {
  const value = form.get("updated_at");
  if (typeof value !== "string" || (!opts.allowEmpty && value.trim() === "")) {
    throw new Response(MISSING_VERSION, { status: 400, statusText: "Bad Request" });
  }
  return value;
}
