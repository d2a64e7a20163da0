/** Domain errors the route handlers turn into 400/404/409 answers with translated messages. */

/**
 * Field errors travel as i18n keys, optionally with values: "auth.passwordTooShort|min=8" (see
 * `errorKey` in ~/ui/forms). The server stays language-neutral; the form translates in the
 * reader's language. It lives here, below the UI, because the server produces it.
 */
export type FieldErrors = Partial<Record<string, string>>;
export class NotFoundError extends Error {
  constructor(what = "record") {
    super(`${what} not found`);
  }
}

/**
 * Input a write refuses; nothing was written. `errors` are i18n keys per field ("_form" for the
 * whole form), as the forms show them. The one validation error of every domain.
 */
export class ValidationError extends Error {
  constructor(readonly errors: FieldErrors) {
    super("invalid input");
  }
}

/** A name that already exists (compared case-insensitively). */
export class DuplicateNameError extends Error {
  constructor(readonly field: string) {
    super(`duplicate ${field}`);
  }
}

/** The record changed since the form was loaded; nothing was written. */
export class StaleRecordError extends Error {
  constructor(
    readonly current: Record<string, unknown>,
    readonly changedFields: string[],
  ) {
    super("stale record");
  }
}

/** More services than one operation takes (a bulk change, a Word export); `max` is that operation's limit. */
export class TooManyServicesError extends Error {
  constructor(
    readonly count: number,
    readonly max: number,
  ) {
    super(`${count} services are more than ${max}`);
  }
}

/** The record is linked to services; deleting needs an explicit confirmation. */
export class InUseError extends Error {
  constructor(
    readonly services: { id: number; name: string }[],
    readonly total: number,
  ) {
    super("record in use");
  }
}

/** The acting user may not do this here (a grant is missing); handlers answer 403 and nothing changed. */
export class ForbiddenError extends Error {
  constructor(what = "action") {
    super(`${what} forbidden`);
  }
}

/** A service may only be placed into a category of its own catalogue; the batch move changes catalogues. */
export class CrossCatalogueMoveError extends Error {
  constructor() {
    super("target category belongs to another catalogue");
  }
}
