import { describe, expect, it } from "vitest";
import { ChangePasswordSchema, LoginSchema } from "~/modules/access/schemas";
import { NotFoundError, ForbiddenError, StaleRecordError, ValidationError } from "~/server/errors.server";
import { answerDomainError, dispatchIntent, parseForm, refuse } from "~/server/form.server";

function post(fields: Record<string, string>, contentType = "application/x-www-form-urlencoded") {
  return new Request("http://localhost/form", { method: "POST", headers: { "Content-Type": contentType }, body: new URLSearchParams(fields).toString() });
}

/** What the browser receives: the status and the body Remix would serialise. */
async function answer(result: unknown) {
  const { data: body, init } = result as { data: Record<string, unknown>; init: { status: number } };
  return { status: init.status, body: JSON.parse(JSON.stringify(body)) as Record<string, unknown> };
}

async function statusOf(thrown: Promise<unknown> | (() => unknown)) {
  try {
    await (typeof thrown === "function" ? thrown() : thrown);
  } catch (error) {
    if (error instanceof Response) return error.status;
    throw error;
  }
  return "no refusal";
}

describe("parseForm + refuse", () => {
  it("keeps the typed values, drops secrets and answers 400 with each field's error key", async () => {
    const { submission } = await parseForm(post({ email: " A@Example.com ", password: "" }), LoginSchema);
    expect(submission.status).toBe("error");
    const { status, body } = await answer(refuse(submission));
    expect(status).toBe(400);
    expect(body.error).toEqual({ password: ["auth.passwordRequired"] });
    expect(body.initialValue).toEqual({ email: " A@Example.com " });
  });

  it("never echoes a password, a confirmation or a token, even when only the form is refused", async () => {
    const fields = { old_password: "old-secret", new_password: "new-secret-1", new_password_confirmation: "new-secret-1", redirectTo: "/settings" };
    const { submission } = await parseForm(post(fields), ChangePasswordSchema);
    expect(submission.status).toBe("success");
    const { status, body } = await answer(refuse(submission, { fields: { old_password: "auth.oldPasswordWrong" } }));
    expect(status).toBe(400);
    expect(JSON.stringify(body)).not.toContain("secret");
    expect(body.initialValue).toEqual({ redirectTo: "/settings" });
    expect(body.error).toEqual({ old_password: ["auth.oldPasswordWrong"] });
  });

  it("carries a form-level message and the status asked for", async () => {
    const { submission } = await parseForm(post({ email: "a@example.com", password: "pw" }), LoginSchema);
    const { status, body } = await answer(refuse(submission, { form: "auth.invalidCredentials" }, 401));
    expect(status).toBe(401);
    expect(body.error).toEqual({ "": ["auth.invalidCredentials"] });
  });

  it("refuses a body that is not a form with 415 before validating", async () => {
    expect(await statusOf(parseForm(post({ a: "1" }, "application/json"), LoginSchema))).toBe(415);
  });
});

describe("answerDomainError", () => {
  const submission = async () => (await parseForm(post({ email: "a@example.com", password: "pw" }), LoginSchema)).submission;

  it("turns not found into 404 and forbidden into 403", async () => {
    const s = await submission();
    expect(await statusOf(() => answerDomainError(new NotFoundError("service"), s, { stale: "x" }))).toBe(404);
    expect(await statusOf(() => answerDomainError(new ForbiddenError(), s, { stale: "x" }))).toBe(403);
  });

  it("answers a stale form with 409 and the form's message", async () => {
    const { status, body } = await answer(answerDomainError(new StaleRecordError({ name: "newer" }, ["name"]), await submission(), { stale: "service.stale" }));
    expect(status).toBe(409);
    expect(body.error).toEqual({ "": ["service.stale"] });
  });

  it("answers a model's validation error with 400, each message beside its field and the form's on top", async () => {
    const error = new ValidationError({ email: "auth.emailInvalid", _form: "structure.areaInvalid" });
    const { status, body } = await answer(answerDomainError(error, await submission(), { stale: "x" }));
    expect(status).toBe(400);
    expect(body.error).toEqual({ email: ["auth.emailInvalid"], "": ["structure.areaInvalid"] });
    expect(body.initialValue).toMatchObject({ email: "a@example.com" });
  });

  it("rethrows what is not a refusal", async () => {
    const boom = new Error("disk full");
    expect(() => answerDomainError(boom, {} as never, { stale: "x" })).toThrow(boom);
  });
});

describe("dispatchIntent", () => {
  const handlers = { save: async () => "saved", remove: async () => "removed" };

  it("runs the posted intent's handler", async () => {
    expect(await dispatchIntent("remove", handlers)).toBe("removed");
  });

  it.each([[null], [""], ["publish"], ["toString"], ["__proto__"], ["hasOwnProperty"]])("answers 400 for %j", async (intent) => {
    expect(await statusOf(() => dispatchIntent(intent, handlers))).toBe(400);
  });
});
