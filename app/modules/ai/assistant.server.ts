import { sql } from "kysely";
import { creditStats, releaseTokens, reserveTokens, settleTokens, tokensAvailable } from "~/modules/credits/credits.server";
import { hiddenForService } from "~/modules/masks/mask-rules.server";
import type { Executor } from "~/server/audit.server";
import { NotFoundError, ValidationError } from "~/server/errors.server";
import { htmlToPlainText } from "~/server/sanitize.server";
import { CONTENT_TYPES, VALUE_TYPES, type AiStatus, type ContentType, type GenerateMode, type GeneratedService, type Proposal } from "./ai";
import { answerJsonSchema, serviceFromAnswer, type Answer } from "./answer";
import { parseAnswer } from "./answer-schema";
import { buildProposal } from "./proposal";
import { createServicePrompt, serviceContentPrompt, type Prompt, type PromptContext, type PromptLanguage } from "./prompts";
import { AiError, MAX_ANSWER_TOKENS, complete, isConfigured, type AiConfig } from "./provider.server";

/**
 * The assistant's calls, each metered (issue 19 §1, §5; decision 0033): nothing is asked of the
 * provider unless it is configured, the credits are switched on and tokens are available — then
 * tokens are reserved first. A provider failure (error, timeout) releases the reservation and
 * charges nothing; an answer settles what the provider's `usage` says, whether or not the answer
 * is usable (the provider counted those tokens). An unusable answer is an AiError: nothing of it
 * is shown or kept.
 */

/** Whether the assistant can be used now, and if not why (the status capability, the panels). */
export async function aiStatus(db: Executor, config: AiConfig): Promise<AiStatus> {
  const stats = await creditStats(db);
  const configured = isConfigured(config);
  const active = stats.token_configuration.is_active;
  const reason = !configured ? "notConfigured" : !active ? "inactive" : !stats.available ? "exhausted" : null;
  return { configured, active, available: stats.available, reason };
}

export interface CallMeta {
  config: AiConfig;
  userId: number;
  /** What token_usage records the call as. */
  kind: string;
  serviceId?: number | null;
}

const promptChars = (prompt: Prompt) => prompt.messages.reduce((sum, m) => sum + m.content.length, 0);

/** One metered provider call: refuse before calling, reserve, call, settle or release, validate. */
export async function meteredCall(db: Executor, meta: CallMeta, prompt: Prompt): Promise<Answer> {
  if (!isConfigured(meta.config)) throw new AiError("notConfigured");
  if (!(await tokensAvailable(db))) throw new AiError((await creditStats(db)).token_configuration.is_active ? "exhausted" : "inactive");
  const schema = answerJsonSchema(prompt.fields);
  const reserved = await reserveTokens(db, { userId: meta.userId, estimate: Math.ceil(promptChars(prompt) / 3) + MAX_ANSWER_TOKENS });
  if (!reserved.ok) throw new AiError(reserved.reason);
  let completion;
  try {
    completion = await complete(meta.config, prompt.messages, schema);
  } catch (error) {
    await releaseTokens(db, reserved.reservation);
    throw error;
  }
  // A provider that reports no usage is charged by the length of what went and came back.
  const tokens = completion.totalTokens ?? Math.ceil((promptChars(prompt) + (completion.content?.length ?? 0)) / 4);
  await settleTokens(db, reserved.reservation, { tokens, kind: meta.kind, serviceId: meta.serviceId ?? null });
  const parsed = parseAnswer(completion.content, prompt.fields, completion.finishReason);
  if (!parsed.ok) throw new AiError(parsed.kind, tokens);
  return parsed.answer;
}

/** The glossary and a few of the catalogue's short descriptions, for the prompts. */
export async function promptContext(db: Executor, language: PromptLanguage, catalogueId: number | null, excludeServiceId?: number): Promise<PromptContext> {
  const [terms, examples] = await Promise.all([
    db.selectFrom("term_definitions").select(["term", "definition"]).orderBy(sql`lower(term)`).limit(40).execute(),
    db
      .selectFrom("services")
      .select("short_description")
      .where("deleted_at", "is", null)
      .where("short_description", "is not", null)
      .$if(catalogueId !== null, (qb) => qb.where("service_catalogue_id", "=", catalogueId!))
      .$if(excludeServiceId !== undefined, (qb) => qb.where("id", "!=", excludeServiceId!))
      .orderBy("updated_at", "desc")
      .limit(3)
      .execute(),
  ]);
  return {
    language,
    glossary: terms.map((t) => ({ term: t.term, definition: htmlToPlainText(t.definition) })),
    examples: examples.map((e) => htmlToPlainText(e.short_description)).filter(Boolean),
  };
}

/** A new service from a name and a description (the create menu's flow). */
export async function generateService(
  db: Executor,
  meta: Omit<CallMeta, "kind" | "serviceId">,
  input: { language: PromptLanguage; catalogueId: number | null; requestedName: string; description: string },
): Promise<GeneratedService> {
  const context = await promptContext(db, input.language, input.catalogueId);
  const answer = await meteredCall(db, { ...meta, kind: "ai.create" }, createServicePrompt(context, { name: input.requestedName, description: input.description }));
  return serviceFromAnswer(answer, input.requestedName);
}

/** The content types the service's attribute masks leave visible (a hidden one is neither generated nor saved). */
export async function visibleTypes(db: Executor, serviceId: number, types: readonly ContentType[]): Promise<ContentType[]> {
  const hidden = await hiddenForService(db, serviceId);
  return CONTENT_TYPES.filter((t) => types.includes(t) && !hidden.sections.includes(t) && !hidden.fields.includes(t));
}

/**
 * The proposal for chosen content types of a stored service, and the service version it was
 * generated for. The local ids of new options and responsibilities come from `newId`.
 */
export async function generateProposal(
  db: Executor,
  meta: Omit<CallMeta, "kind" | "serviceId">,
  input: { language: PromptLanguage; serviceId: number; mode: GenerateMode; types: readonly ContentType[]; instructions: string; newId: () => string },
): Promise<{ proposal: Proposal; basedOn: string }> {
  const service = await db
    .selectFrom("services")
    .select(["id", "name", "service_catalogue_id", "updated_at", ...VALUE_TYPES])
    .where("id", "=", input.serviceId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!service) throw new NotFoundError("service");
  const types = await visibleTypes(db, service.id, input.types);
  if (!types.length) throw new ValidationError({ types: "ai.errors.noTypes" });
  const [options, responsibilities, context] = await Promise.all([
    db.selectFrom("service_options").select("name").where("service_id", "=", service.id).orderBy("position").execute(),
    db.selectFrom("responsibilities").select("description").where("service_id", "=", service.id).orderBy("pos").execute(),
    promptContext(db, input.language, service.service_catalogue_id, service.id),
  ]);
  const prompt = serviceContentPrompt(context, {
    mode: input.mode,
    types,
    instructions: input.instructions,
    service: {
      name: service.name,
      short_description: htmlToPlainText(service.short_description),
      description: htmlToPlainText(service.description),
      content: htmlToPlainText(service.content),
      advantages: htmlToPlainText(service.advantages),
      options: options.map((o) => o.name),
      responsibilities: responsibilities.map((r) => htmlToPlainText(r.description)),
    },
  });
  const answer = await meteredCall(db, { ...meta, kind: `ai.${input.mode}`, serviceId: service.id }, prompt);
  const current = Object.fromEntries(VALUE_TYPES.map((t) => [t, service[t]])) as Record<(typeof VALUE_TYPES)[number], string | null>;
  return { proposal: buildProposal(current, answer, input.mode, types, input.newId), basedOn: service.updated_at };
}
