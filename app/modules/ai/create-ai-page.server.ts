import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { userHasPermission } from "~/modules/access/policy";
import { requirePermission } from "~/modules/access/policy.server";
import { getSessionId } from "~/modules/access/session.server";
import type { SessionUser } from "~/modules/access/user.server";
import { getCurrentCatalogueId, listCatalogueNames } from "~/modules/catalogue/catalogue.server";
import { getT, i18next } from "~/i18n/i18next.server";
import { getDb } from "~/server/db/db.server";
import { ValidationError } from "~/server/errors.server";
import { dispatchIntent, refuse, validateForm } from "~/server/form.server";
import { readFormData } from "~/server/request-body.server";
import type { GeneratedService } from "./ai";
import { createAiServices } from "./accept.server";
import { BatchSchema, RequestSchema } from "./ai-schema";
import { aiStatus, generateService } from "./assistant.server";
import { addResponse, generatedServiceSchema, listResponses, removeResponses, type DraftOwner } from "./drafts.server";
import { AiError, aiConfig } from "./provider.server";
import { refusal } from "~/server/refusal.server";
import { parseId, parseIdList } from "~/lib/ids";

/**
 * /servicecatalog/ai — new services drafted by the assistant (the create menu's AI entry; issue
 * 19 §2, §4): a request (name, description, delay) → a generated service → several selected and
 * created in one batch into a target catalogue. With JS the browser keeps the responses
 * (`aiResponses`) and posts with `client=js` (JSON answers); without JS the server keeps them for
 * the session and every step is a form post with a redirect. Keyuser and above.
 */

const PAGE = "/servicecatalog/ai";
const AI_STATUS: Record<string, number> = { notConfigured: 503, inactive: 403, exhausted: 402, timeout: 504, provider: 502, invalid: 502, truncated: 502 };

async function requireAiCreator(request: Request) {
  // Creating services (manage:structure) with the assistant (use:ai): both are keyuser and above.
  await requirePermission(request, "manage:structure");
  return requirePermission(request, "use:ai");
}

async function ownerOf(request: Request, user: SessionUser): Promise<DraftOwner> {
  const sessionId = await getSessionId(request);
  if (!sessionId) throw refusal(403);
  return { sessionId, userId: user.id };
}

const idsParam = (raw: string | null) => parseIdList(raw).slice(0, 100);

export async function createAiLoader({ request }: LoaderFunctionArgs) {
  const user = await requireAiCreator(request);
  const db = getDb();
  const url = new URL(request.url);
  const createdIds = idsParam(url.searchParams.get("created"));
  const failed = Math.min(Number(url.searchParams.get("failed")) || 0, 1000);
  const [status, catalogues, current, responses, created] = await Promise.all([
    aiStatus(db, aiConfig()),
    listCatalogueNames(db),
    getCurrentCatalogueId(db, user.id),
    listResponses(db, await ownerOf(request, user)),
    createdIds.length
      ? db.selectFrom("services").select(["id", "name"]).where("id", "in", createdIds).where("deleted_at", "is", null).orderBy("id").execute()
      : Promise.resolve([]),
  ]);
  // The admin guard is told which settings configure the provider (issue 32 §5).
  return { status, catalogues, current, responses, created, failed, admin: userHasPermission(user, "access:admin") };
}

export type CreateAiData = Awaited<ReturnType<typeof createAiLoader>>;

/** What the JS flow's requests answer. */
export type GenerateAnswer = { ok: true; service: GeneratedService } | { ok: false; message: string; fields?: Record<string, string> };
export type BatchAnswer = { ok: true; created: { id: number; name: string }[]; done: string[]; failed: number; message?: string } | { ok: false; message: string; fields?: Record<string, string> };

const browserResponses = z.array(z.object({ id: z.string().min(1).max(100), service: generatedServiceSchema })).max(100);

/** The batch with JS carries the browser's responses (JSON up to 5,000,000 characters, percent-encoded). */
const BATCH_FORM_MAX_BYTES = 16 * 1024 * 1024;

export async function createAiAction({ request }: ActionFunctionArgs) {
  const user = await requireAiCreator(request);
  const db = getDb();
  const owner = await ownerOf(request, user);
  const form = await readFormData(request, { maxBytes: BATCH_FORM_MAX_BYTES });
  const js = form.get("client") === "js";
  return dispatchIntent<"generate" | "discard" | "create", unknown>(form.get("intent"), {
    generate: async () => {
      const submission = validateForm(form, RequestSchema);
      if (submission.status !== "success") {
        if (js) return data<GenerateAnswer>({ ok: false, message: "ai.create.invalid", fields: firstErrors(submission.error) }, { status: 400 });
        return refuse(submission, {}, 400, { target: "generate" });
      }
      const t = await getT(request);
      const requestedName = submission.value.name || (t("ai.create.unnamed") as string);
      try {
        const language = (await i18next.getLocale(request)) === "en" ? "en" : "de";
        const service = await generateService(
          db,
          { config: aiConfig(), userId: user.id },
          { language, catalogueId: await getCurrentCatalogueId(db, user.id), requestedName, description: submission.value.description },
        );
        if (js) return data<GenerateAnswer>({ ok: true, service });
        await addResponse(db, owner, { requestedName, delay: submission.value.delay, service });
        // The new response in the list is the answer (a toast would cover the batch's button without JS).
        return redirect(`${PAGE}#responses`);
      } catch (error) {
        if (!(error instanceof AiError)) throw error;
        const key = `ai.errors.${error.kind}`;
        if (js) return data<GenerateAnswer>({ ok: false, message: key }, { status: AI_STATUS[error.kind] ?? 502 });
        return refuse(submission, { form: key }, AI_STATUS[error.kind] ?? 502, { target: "generate" });
      }
    },
    discard: async () => {
      const id = parseId(form.get("draft"));
      if (id !== null) await removeResponses(db, owner, [id]);
      return redirect(`${PAGE}#responses`);
    },
    create: async () => {
      const submission = validateForm(form, BatchSchema);
      const fail = (errors: { form?: string; fields?: Record<string, string> }, status: number) =>
        js
          ? data<BatchAnswer>({ ok: false, message: errors.form ?? "ai.batch.invalid", fields: errors.fields }, { status })
          : refuse(submission, errors, status, { target: "create" });
      if (submission.status !== "success") return fail({ fields: firstErrors(submission.error) }, 400);
      let local: z.infer<typeof browserResponses> = [];
      if (submission.value.responses) {
        const parsed = safeJson(submission.value.responses, browserResponses);
        if (!parsed) return fail({ form: "ai.batch.invalid" }, 400);
        local = parsed;
      }
      const drafts = await listResponses(db, owner, submission.value.draft);
      const services: GeneratedService[] = [...drafts.map((d) => d.service), ...local.map((l) => l.service)];
      if (!services.length) return fail({ form: "ai.batch.nothingSelected" }, 400);
      let result;
      try {
        result = await createAiServices(db, submission.value.catalogue, services, user);
      } catch (error) {
        if (error instanceof ValidationError) return fail({ fields: error.errors as Record<string, string> }, 400);
        console.error(error);
        return fail({ form: "ai.batch.error" }, 500);
      }
      const failedSet = new Set(result.failed);
      await removeResponses(db, owner, drafts.filter((_, i) => !failedSet.has(i)).map((d) => d.id));
      const done = local.filter((_, i) => !failedSet.has(drafts.length + i)).map((l) => l.id);
      // Spec 02 §8: none created → "Error creating AI services"; some not → "{count} services could not be created".
      const message = !result.created.length ? "ai.batch.error" : result.failed.length ? "ai.batch.failed" : undefined;
      if (js) return data<BatchAnswer>({ ok: true, created: result.created, done, failed: result.failed.length, message }, { status: result.created.length ? 200 : 500 });
      if (!result.created.length) return fail({ form: "ai.batch.error" }, 500);
      const query = new URLSearchParams({ created: result.created.map((c) => c.id).join(",") });
      if (result.failed.length) query.set("failed", String(result.failed.length));
      // The dialog over the page says what was created (spec 02 §4: it offers to open the service).
      return redirect(`${PAGE}?${query}`);
    },
  });
}

function firstErrors(error: Record<string, string[] | null> | null | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(error ?? {}).flatMap(([k, v]) => (v?.[0] ? [[k, v[0]]] : [])));
}

function safeJson<T>(raw: string, schema: z.ZodType<T>): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
