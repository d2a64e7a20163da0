/** Domain errors the route handlers turn into 400/404/409 answers with translated messages. */
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
  constructor(readonly errors: Partial<Record<string, string>>) {
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
