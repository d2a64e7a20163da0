import crypto from "node:crypto";
import { userHasPermission } from "~/modules/access/policy";
import { getSessionId } from "~/modules/access/session.server";
import type { SessionUser } from "~/modules/access/user.server";
import { i18next } from "~/i18n/i18next.server";
import type { Executor } from "~/server/audit.server";
import { StaleRecordError, ValidationError, ForbiddenError, NotFoundError } from "~/server/errors.server";
import { redirectWithFlash } from "~/server/flash.server";
import { sanitizeRichText } from "~/server/sanitize.server";
import { refuse, refuseForm, validateForm } from "~/server/form.server";
import type { AiStatus, ContentType, Proposal } from "./ai";
import { acceptItems, discardItems } from "./accept.server";
import { GenerateSchema } from "./ai-schema";
import { aiStatus, generateProposal, visibleTypes } from "./assistant.server";
import { findProposal, saveProposal, type DraftOwner } from "./drafts.server";
import { itemKeys } from "./proposal";
import { AiError, aiConfig } from "./provider.server";
import { refusal } from "~/server/refusal.server";

/**
 * The assistant on the service page (issue 19 §2, §3): what the page shows of it, and its three
 * intents, which post to the page's own action like every section (so a refusal shows beside the
 * panel's fields, with or without JS): generate a proposal, accept items, discard items. Keyuser
 * and above who may edit the service; anyone else gets 403 and nothing changes.
 */

export interface AiPanelData {
  status: AiStatus;
  /** The content types the page may offer (attribute masks can hide some). */
  types: ContentType[];
  proposal: Proposal | null;
  /** `?ai=edit` opens the panel in edit mode (a link into the form, also without JS). */
  editing: boolean;
  /** The admin guard: told which settings configure the provider, not to ask an administrator. */
  admin: boolean;
}

/** The panel's data, or null for those who may not use the assistant here. */
export async function aiPanelData(db: Executor, request: Request, user: SessionUser, serviceId: number, canEdit: boolean): Promise<AiPanelData | null> {
  if (!canEdit || !userHasPermission(user, "use:ai")) return null;
  const owner = await draftOwner(request, user);
  const [status, types, stored] = await Promise.all([
    aiStatus(db, aiConfig()),
    visibleTypes(db, serviceId, ["short_description", "description", "content", "advantages", "options", "responsibilities"]),
    owner ? findProposal(db, owner, serviceId) : null,
  ]);
  return {
    status,
    types,
    proposal: stored ? shown(stored.proposal) : null,
    editing: new URL(request.url).searchParams.get("ai") === "edit",
    admin: userHasPermission(user, "access:admin"),
  };
}

/** The proposal's HTML as the page shows it: sanitised like every rich text on its way to the browser. */
function shown(proposal: Proposal): Proposal {
  const clean = (html: string | null) => (html ? sanitizeRichText(html) : null);
  return {
    values: Object.fromEntries(Object.entries(proposal.values).map(([type, v]) => [type, { ...v, value: clean(v.value), new_value: clean(v.new_value) }])),
    options: proposal.options.map((o) => ({ ...o, description: clean(o.description) })),
    responsibilities: proposal.responsibilities,
  };
}

async function draftOwner(request: Request, user: SessionUser): Promise<DraftOwner | null> {
  const sessionId = await getSessionId(request);
  return sessionId ? { sessionId, userId: user.id } : null;
}

const AI_STATUS: Record<string, number> = { notConfigured: 503, inactive: 403, exhausted: 402, timeout: 504, provider: 502, invalid: 502, truncated: 502 };

/** The page after an AI intent, with a toast; the panel is where the user was. */
function back(request: Request, serviceId: number, message: string, kind: "success" | "info" = "success") {
  return redirectWithFlash(request, `/servicecatalog/service/${serviceId}#ai`, { kind, message });
}

/** The intents the service page's action dispatches to the assistant. */
export function aiServiceIntents(input: { request: Request; form: FormData; serviceId: number; user: SessionUser; db: Executor }) {
  const { request, form, serviceId, user, db } = input;
  const refused = (errors: Parameters<typeof refuseForm>[0], status: number) => refuseForm(errors, status, { target: "ai" });

  /** use:ai on top of editing this service (checked by the page action). */
  async function guard(): Promise<DraftOwner> {
    if (!userHasPermission(user, "use:ai")) throw refusal(403);
    const owner = await draftOwner(request, user);
    if (!owner) throw refusal(403);
    return owner;
  }

  /** The proposal an accept or discard refers to; gone (accepted elsewhere, another session) → 409 with a message. */
  async function storedProposal(owner: DraftOwner) {
    return findProposal(db, owner, serviceId);
  }

  const chosen = (stored: { proposal: Proposal }) => (form.get("all") ? itemKeys(stored.proposal) : form.getAll("item").map(String));

  return {
    "ai-generate": async () => {
      const owner = await guard();
      const submission = validateForm(form, GenerateSchema);
      if (submission.status !== "success") return refuse(submission, {}, 400, { target: "ai" });
      const { mode, types, instructions } = submission.value;
      try {
        const language = (await i18next.getLocale(request)) === "en" ? "en" : "de";
        const { proposal, basedOn } = await generateProposal(
          db,
          { config: aiConfig(), userId: user.id },
          { language, serviceId, mode, types, instructions: instructions ?? "", newId: () => crypto.randomUUID() },
        );
        if (!itemKeys(proposal).length) return back(request, serviceId, "ai.noChanges", "info");
        await saveProposal(db, owner, serviceId, proposal, basedOn);
        return back(request, serviceId, "ai.generated");
      } catch (error) {
        if (error instanceof AiError) return refuse(submission, { form: `ai.errors.${error.kind}` }, AI_STATUS[error.kind] ?? 502, { target: "ai" });
        if (error instanceof ValidationError) return refuse(submission, { fields: error.errors }, 400, { target: "ai" });
        throw error;
      }
    },
    "ai-accept": async () => {
      const owner = await guard();
      const stored = await storedProposal(owner);
      if (!stored) return refused({ form: "ai.errors.gone" }, 409);
      try {
        const remaining = await acceptItems(db, serviceId, stored, chosen(stored), user);
        return back(request, serviceId, remaining ? "ai.accepted" : "ai.allDone");
      } catch (error) {
        if (error instanceof StaleRecordError) return refused({ form: "ai.errors.stale" }, 409);
        if (error instanceof ValidationError) return refused({ form: Object.values(error.errors)[0] ?? "ai.errors.invalid" }, 400);
        if (error instanceof ForbiddenError) throw refusal(403);
        if (error instanceof NotFoundError) throw refusal(404);
        throw error;
      }
    },
    "ai-discard": async () => {
      const owner = await guard();
      const stored = await storedProposal(owner);
      if (!stored) return refused({ form: "ai.errors.gone" }, 409);
      const remaining = await discardItems(db, stored, chosen(stored));
      return back(request, serviceId, remaining ? "ai.discarded" : "ai.allDiscarded", "info");
    },
  };
}
