import { diffWords } from "diff";
import { sql } from "kysely";
import { userHasPermission } from "~/modules/access/policy";
import type { SessionUser } from "~/modules/access/user.server";
import type { AiErrorKind } from "~/modules/ai/ai";
import { ANSWER_FIELDS, NAME_FIELD, type AnswerField } from "~/modules/ai/answer";
import { aiStatus, meteredCall } from "~/modules/ai/assistant.server";
import { AiError, isConfigured, type AiConfig } from "~/modules/ai/provider.server";
import { hiddenForService } from "~/modules/masks/mask-rules.server";
import { RICH_FIELDS } from "~/modules/service/service-fields";
import { htmlToMarkup, markupOrHtml } from "~/lib/light-markup";
import { markupToText } from "~/lib/markup";
import type { Executor } from "~/server/audit.server";
import { inTransaction } from "~/server/db-helpers.server";
import { redirectWithFlash } from "~/server/flash.server";
import { refuseForm } from "~/server/form.server";
import { refusal } from "~/server/refusal.server";
import { NotFoundError, ValidationError } from "~/server/errors.server";
import { htmlToPlainText, sanitizeRichText } from "~/server/sanitize.server";
import { catalogueLanguages, fieldTranslations, saveTranslation, sourceHash } from "./translations.server";
import { languageName, type DiffPart } from "./translations";

/**
 * "Übersetzen" (issue 37 §3, decision 0082): the assistant proposes translations of a service's
 * missing and outdated fields into one of its catalogue's further languages — one metered call
 * per service, as every assistant call (credits reserved, settled by the provider's usage) — with
 * the glossary's terms and their translations, so terms come out the same everywhere. Proposals
 * wait per user, service, language and field with the original they were made from, until
 * accepted (then a translation made from that original: outdated at once if the original changed
 * meanwhile) or discarded, field by field.
 */

export const TRANSLATABLE = ["name", ...RICH_FIELDS] as const;
export type TranslatableField = (typeof TRANSLATABLE)[number];
const ANSWER_OF: Record<TranslatableField, AnswerField> = { name: NAME_FIELD, ...Object.fromEntries(RICH_FIELDS.map((f) => [f, ANSWER_FIELDS[f]])) } as Record<TranslatableField, AnswerField>;

/** Services a batch translates in one post (each a provider call). */
export const MAX_BATCH = 20;

export interface TranslationProposalView {
  field: TranslatableField;
  /** The proposal: plain text for the name, sanitised HTML otherwise. */
  value: string;
  /** The words it changes against the current translation (all added when there is none). */
  diff: DiffPart[];
  /** The original changed since the proposal was made: accepting gives an outdated translation. */
  sourceChanged: boolean;
}

export interface TranslationAssist {
  language: string;
  /** Why it cannot be asked now (credits off or used up); null: it can. */
  reason: AiErrorKind | null;
  proposals: TranslationProposalView[];
}

const text = (value: string | null | undefined) => (value && /<[a-z][^>]*>/i.test(value) ? markupToText(value) : (value ?? ""));

/**
 * What the service page shows of the assistant in a further language: null without a provider
 * (the button is absent), for the original language, and for those who may not use it here.
 */
export async function translationAssist(db: Executor, config: AiConfig, user: SessionUser, serviceId: number, language: string | null, canEdit: boolean): Promise<TranslationAssist | null> {
  if (!language || !canEdit || !userHasPermission(user, "use:ai") || !isConfigured(config)) return null;
  const [status, rows, service] = await Promise.all([
    aiStatus(db, config),
    db.selectFrom("translation_proposals").select(["field", "value", "source_value"]).where("user_id", "=", user.id).where("service_id", "=", serviceId).where("language", "=", language).execute(),
    db.selectFrom("services").select(TRANSLATABLE).where("id", "=", serviceId).executeTakeFirst(),
  ]);
  const current = rows.length ? await fieldTranslations(db, "service", serviceId, language, {}) : {};
  const proposals = TRANSLATABLE.flatMap((field) => {
    const row = rows.find((r) => r.field === field);
    if (!row) return [];
    const value = field === "name" ? htmlToPlainText(row.value) : sanitizeRichText(row.value);
    const diff = diffWords(text(current[field]?.value), text(value)).map((p) => ({ text: p.value, change: p.added ? ("added" as const) : p.removed ? ("removed" as const) : undefined }));
    return [{ field, value, diff, sourceChanged: sourceHash(row.source_value) !== sourceHash(service?.[field] ?? null) }];
  });
  return { language, reason: status.reason, proposals };
}

/** The glossary's terms with their translations into `language` where there are some. */
async function glossary(db: Executor, language: string) {
  const terms = await db
    .selectFrom("term_definitions as t")
    .leftJoin("content_translations as c", (join) =>
      join.onRef("c.subject_id", "=", "t.id").on("c.subject_type", "=", "term").on("c.field", "=", "term").on("c.language", "=", language),
    )
    .select(["t.term", "c.value as translation"])
    .orderBy(sql`lower(t.term)`)
    .limit(80)
    .execute();
  return terms;
}

function translationPrompt(input: { from: string; to: string; glossary: { term: string; translation: string | null }[]; fields: { field: TranslatableField; text: string }[] }) {
  const from = languageName(input.from, "en");
  const to = languageName(input.to, "en");
  const terms = input.glossary.map((g) => (g.translation ? `- ${g.term} → ${g.translation}` : `- ${g.term}`)).join("\n");
  const system =
    `You translate entries of an organisation's service catalogue from ${from} into ${to}. ` +
    "Translate faithfully and completely, in the register of a service description; add nothing and leave nothing out. " +
    "Keep the structure of each text: a blank line separates paragraphs, a line starting with \"- \" is a bullet point. " +
    "Translate the glossary's terms always as given; a term without a translation is translated the same way everywhere. " +
    "Answer with JSON holding exactly the fields asked for, each the translation of the text given under its name.";
  const user = [
    terms ? `Glossary:\n${terms}` : "",
    ...input.fields.map((f) => `${ANSWER_OF[f.field]}:\n${f.text.length > 8000 ? `${f.text.slice(0, 8000)}…` : f.text}`),
  ]
    .filter(Boolean)
    .join("\n\n");
  return {
    messages: [
      { role: "system" as const, content: system },
      { role: "user" as const, content: user },
    ],
    fields: input.fields.map((f) => ANSWER_OF[f.field]),
  };
}

/**
 * Asks the assistant for the service's missing and outdated fields in `language` and keeps the
 * answer as the user's proposals (replacing earlier ones for those fields). Returns how many
 * fields it proposes; 0 without a call when nothing is missing or outdated.
 */
export async function proposeTranslations(db: Executor, meta: { config: AiConfig; userId: number }, serviceId: number, language: string): Promise<number> {
  const service = await db.selectFrom("services").select(["service_catalogue_id", ...TRANSLATABLE]).where("id", "=", serviceId).where("deleted_at", "is", null).executeTakeFirst();
  if (!service) throw new NotFoundError("service");
  const languages = await catalogueLanguages(db, service.service_catalogue_id);
  if (!languages.further.includes(language)) throw new ValidationError({ lang: "validation.invalidChoice" });
  const [hidden, current, terms] = await Promise.all([
    hiddenForService(db, serviceId),
    fieldTranslations(db, "service", serviceId, language, Object.fromEntries(TRANSLATABLE.map((f) => [f, service[f]]))),
    glossary(db, language),
  ]);
  const fields = TRANSLATABLE.flatMap((field) => {
    const source = service[field];
    if (!source?.trim() || (hidden.fields as readonly string[]).includes(field)) return [];
    if (current[field] && !current[field].outdated) return [];
    const original = field === "name" ? source : htmlToMarkup(source);
    return original.trim() ? [{ field, text: original, source }] : [];
  });
  if (!fields.length) return 0;
  const answer = (await meteredCall(db, { ...meta, kind: "ai.translate", serviceId }, translationPrompt({ from: languages.primary, to: language, glossary: terms, fields }))) as Record<string, string>;
  const proposals = fields.flatMap(({ field, source }) => {
    const raw = (answer[ANSWER_OF[field]] ?? "").trim();
    if (!raw) return [];
    const value = field === "name" ? htmlToPlainText(raw).slice(0, 255) : sanitizeRichText(markupOrHtml(raw));
    return [{ user_id: meta.userId, service_id: serviceId, language, field, value, source_value: source, created_at: new Date().toISOString() }];
  });
  await inTransaction(db, async (trx) => {
    await trx
      .deleteFrom("translation_proposals")
      .where("user_id", "=", meta.userId)
      .where("service_id", "=", serviceId)
      .where("language", "=", language)
      .where("field", "in", fields.map((f) => f.field))
      .execute();
    if (proposals.length) await trx.insertInto("translation_proposals").values(proposals).execute();
  });
  return proposals.length;
}

/** The user's proposals for these fields (all: null), removed; accepted ones saved as translations. Returns how many were left. */
export async function settleProposals(db: Executor, user: SessionUser, serviceId: number, language: string, fields: string[] | null, accept: boolean): Promise<number> {
  return inTransaction(db, async (trx) => {
    const mine = trx.selectFrom("translation_proposals").where("user_id", "=", user.id).where("service_id", "=", serviceId).where("language", "=", language);
    const rows = await mine.select(["field", "value", "source_value"]).$if(fields !== null, (q) => q.where("field", "in", fields!.length ? fields! : [""])).execute();
    if (accept) {
      for (const row of rows) {
        // Made from the original the proposal translated: if it changed since, the translation is outdated at once.
        await saveTranslation(trx, { subjectType: "service", subjectId: serviceId, field: row.field, language, value: row.value, source: row.source_value, expectedUpdatedAt: null }, user);
      }
    }
    await trx
      .deleteFrom("translation_proposals")
      .where("user_id", "=", user.id)
      .where("service_id", "=", serviceId)
      .where("language", "=", language)
      .where("field", "in", rows.map((r) => r.field).concat(""))
      .execute();
    const left = await mine.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    return Number(left.n);
  });
}

const AI_STATUS: Record<string, number> = { notConfigured: 503, inactive: 403, exhausted: 402, timeout: 504, provider: 502, invalid: 502, truncated: 502 };

/**
 * The service page's intents of the translation assistant (the page action checked that the user
 * may edit the service): ask for proposals, accept or discard them (one field, or all).
 */
export function translationAssistIntents(input: { request: Request; form: FormData; serviceId: number; user: SessionUser; db: Executor; config: AiConfig }) {
  const { request, form, serviceId, user, db, config } = input;
  const language = String(form.get("lang") ?? "");
  const back = (message: string, kind: "success" | "info" = "success") => redirectWithFlash(request, `/servicecatalog/service/${serviceId}?lang=${encodeURIComponent(language)}#translate`, { kind, message });
  const refused = (message: string, status: number) => refuseForm({ form: message }, status, { target: "translate" });
  const guard = async () => {
    if (!userHasPermission(user, "use:ai")) throw refusal(403);
    const { further } = await catalogueLanguages(db, (await db.selectFrom("services").select("service_catalogue_id").where("id", "=", serviceId).executeTakeFirst())?.service_catalogue_id ?? null);
    if (!further.includes(language)) throw refusal(404);
  };
  const chosen = () => (form.get("all") ? null : form.getAll("field").map(String));
  return {
    "ai-translate": async () => {
      await guard();
      try {
        const proposed = await proposeTranslations(db, { config, userId: user.id }, serviceId, language);
        return back(proposed ? "translations.assist.proposed" : "translations.assist.nothing", proposed ? "success" : "info");
      } catch (error) {
        if (error instanceof AiError) return refused(`ai.errors.${error.kind}`, AI_STATUS[error.kind] ?? 502);
        throw error;
      }
    },
    "ai-translation-accept": async () => {
      await guard();
      await settleProposals(db, user, serviceId, language, chosen(), true);
      return back("translations.assist.accepted");
    },
    "ai-translation-discard": async () => {
      await guard();
      await settleProposals(db, user, serviceId, language, chosen(), false);
      return back("translations.assist.discarded", "info");
    },
  };
}

export interface BatchTranslation {
  language: string;
  /** Services with proposals waiting (and how many fields), or with nothing to translate (0). */
  done: { id: number; name: string; fields: number }[];
  /** Services the provider failed on (nothing kept, nothing charged). */
  failed: { id: number; name: string; error: AiErrorKind }[];
  /** Why the batch stopped before the end (credits off or used up), with the services not asked. */
  stopped: { reason: AiErrorKind; left: number } | null;
}

const STOPS: readonly AiErrorKind[] = ["notConfigured", "inactive", "exhausted"];

/**
 * "Übersetzen" for a selection (issue 37 §3): one call per service, one after the other (each
 * metered on its own), the proposals waiting on each service's page. The caller passes the
 * services the user may edit (at most MAX_BATCH). A provider failure skips that service; credits
 * running out stop the batch.
 */
export async function proposeBatch(db: Executor, meta: { config: AiConfig; userId: number }, ids: number[], language: string): Promise<BatchTranslation> {
  const names = await db.selectFrom("services").select(["id", "name"]).where("id", "in", ids.length ? ids : [0]).execute();
  const nameOf = (id: number) => names.find((n) => n.id === id)?.name ?? String(id);
  const result: BatchTranslation = { language, done: [], failed: [], stopped: null };
  for (const [index, id] of ids.entries()) {
    try {
      result.done.push({ id, name: nameOf(id), fields: await proposeTranslations(db, meta, id, language) });
    } catch (error) {
      if (!(error instanceof AiError)) throw error;
      if (STOPS.includes(error.kind)) {
        result.stopped = { reason: error.kind, left: ids.length - index };
        break;
      }
      result.failed.push({ id, name: nameOf(id), error: error.kind });
    }
  }
  return result;
}
