import { data } from "@remix-run/node";
import { mayManageAccount } from "~/modules/access/policy";
import { requirePermission } from "~/modules/access/policy.server";
import { forbid } from "~/modules/access/session.server";
import { getDb } from "~/server/db/db.server";
import { NotFoundError } from "~/server/errors.server";
import { flashHeader, redirectWithFlash } from "~/server/flash.server";
import { dispatchIntent, refuseForm, validateForm } from "~/server/form.server";
import { readFormData } from "~/server/request-body.server";
import { getExportActive } from "~/server/settings.server";
import type { z } from "zod";
import {
  categoryServices,
  findGrantUser,
  grantAllCategories,
  grantCounts,
  grantOverview,
  revokeAllGrants,
  setCategoryGrant,
  setServiceGrant,
  setWordExport,
  type GrantChange,
} from "./grants.server";
import { CategoryGrantSchema, FlagSchema, ServiceGrantSchema, grantsPath, mayChangeExportLicence, type GrantIntent } from "./grants-schema";
import { refusal } from "~/server/refusal.server";

/*
 * /admin/usermanagement/user/:id and its two confirmations (issue 13 §2): loader and action
 * bodies. Admin guard first (a page redirects to /unauthorized, a POST answers 403 before anything
 * is read), then the user (unknown or malformed id → 404).
 */

function notFound(): never {
  throw refusal(404);
}

function positiveId(raw: string | null | undefined): number | null {
  const id = Number(raw);
  return raw && /^\d{1,15}$/.test(raw) && Number.isSafeInteger(id) && id > 0 ? id : null;
}

async function guard(request: Request, rawId: string | undefined) {
  const viewer = await requirePermission(request, "access:admin");
  const userId = positiveId(rawId);
  if (userId === null) notFound();
  return { viewer, userId };
}

async function userOr404(userId: number) {
  const user = await findGrantUser(getDb(), userId);
  return user ?? notFound();
}

/** The page with the category whose services are open, as the request asked for it. */
function openedIn(request: Request) {
  const params = new URL(request.url).searchParams;
  return { category: positiveId(params.get("category")), page: positiveId(params.get("page")) ?? 1 };
}

export async function grantsLoader(request: Request, rawId: string | undefined) {
  const { viewer, userId } = await guard(request, rawId);
  const record = await userOr404(userId);
  const open = openedIn(request);
  const db = getDb();
  const mayChangeLicence = mayChangeExportLicence(viewer);
  // A superadmin's account is shown to a keysuperuser, but not changed by one (issue 31 §1).
  const mayManage = mayManageAccount(viewer, record.role);
  try {
    const [overview, exportActive, opened] = await Promise.all([
      grantOverview(db, userId),
      getExportActive(db),
      open.category ? categoryServices(db, userId, open.category, open.page) : null,
    ]);
    return { record, ...overview, exportActive, opened: opened ?? null, mayChangeLicence, mayManage, loadError: null };
  } catch (error) {
    console.error(error);
    return { record, catalogues: [], grantedServices: 0, exportActive: null, opened: null, mayChangeLicence, mayManage, loadError: "grants.errors.loadFailed" };
  }
}

/** A fetcher's toggle stays on the page (the toast comes with the revalidation); a plain post returns to it. */
async function saved(request: Request, form: FormData, target: GrantIntent, back: string, message: string, values: Record<string, string | number> = {}) {
  const flash = { kind: "success" as const, message, values };
  if (form.get("fetcher") === "1") return data({ status: "success" as const, target }, { headers: { "Set-Cookie": await flashHeader(request, flash) } });
  return redirectWithFlash(request, back, flash);
}

/** A refused toggle: its message (an i18n key) for the form that posted it. */
function refused(target: GrantIntent, message: string, status: number, meta: { id?: string } = {}) {
  return refuseForm({ form: message }, status, { target, meta });
}

/** The first message of a refused submission (hidden ids have no field to show it beside). */
function firstError(submission: ReturnType<typeof validateForm>): string {
  const errors = submission.reply().error ?? {};
  return Object.values(errors).flat()[0] ?? "errors.badRequest";
}

const MESSAGES = {
  "grant-category": "grants.flash.categoryGranted",
  "revoke-category": "grants.flash.categoryRevoked",
  "grant-service": "grants.flash.serviceGranted",
  "revoke-service": "grants.flash.serviceRevoked",
} as const;

export async function grantsAction(request: Request, rawId: string | undefined) {
  const { viewer, userId } = await guard(request, rawId);
  const form = await readFormData(request);
  const open = openedIn(request);
  const back = grantsPath(userId, open);
  const db = getDb();
  const user = await findGrantUser(db, userId);
  const intent = form.get("intent");
  // The word-export form names the missing user in its own words (spec 02 §8); the rest is a 404.
  if (!user) return intent === "set-word-export" ? refused("set-word-export", "grants.errors.wordExportUser", 404) : notFound();
  if (!mayManageAccount(viewer, user.role)) forbid(request);

  /** One grant toggle: validate the id, write, answer; an unknown category or service is a 404 with a message. */
  const toggle = async <S extends z.ZodType>(target: keyof typeof MESSAGES, schema: S, write: (value: z.output<S>) => Promise<GrantChange>) => {
    const submission = validateForm(form, schema);
    const meta = { id: String(form.get("categoryId") ?? form.get("serviceId") ?? "") };
    if (submission.status !== "success") return refused(target, firstError(submission), 400, meta);
    try {
      const { name } = await write(submission.value as z.output<S>);
      // Without JS the page reloads: at the row that was switched.
      const anchor = `#${target.endsWith("category") ? "category" : "service"}-${meta.id}`;
      return saved(request, form, target, back + anchor, MESSAGES[target], { name });
    } catch (error) {
      if (error instanceof NotFoundError) return refused(target, target.endsWith("category") ? "grants.errors.unknownCategory" : "grants.errors.unknownService", 404, meta);
      console.error(error);
      return refused(target, "grants.errors.saveFailed", 500, meta);
    }
  };
  const flag = async (target: "set-word-export", write: (active: boolean) => Promise<unknown>, failed: string) => {
    const submission = validateForm(form, FlagSchema);
    if (submission.status !== "success") return refused(target, "errors.badRequest", 400);
    const active = submission.value.active;
    try {
      await write(active);
    } catch (error) {
      if (error instanceof NotFoundError) return refused(target, "grants.errors.wordExportUser", 404);
      console.error(error);
      return refused(target, failed, 500);
    }
    const message = active ? "grants.flash.wordExportOn" : "grants.flash.wordExportOff";
    return saved(request, form, target, `${back}#export-title`, message, { name: user.name });
  };

  return dispatchIntent<GrantIntent, Response | ReturnType<typeof refused>>(intent, {
    "grant-category": () => toggle("grant-category", CategoryGrantSchema, (v) => setCategoryGrant(db, userId, v.categoryId, true, viewer)),
    "revoke-category": () => toggle("revoke-category", CategoryGrantSchema, (v) => setCategoryGrant(db, userId, v.categoryId, false, viewer)),
    "grant-service": () => toggle("grant-service", ServiceGrantSchema, (v) => setServiceGrant(db, userId, v.serviceId, true, viewer)),
    "revoke-service": () => toggle("revoke-service", ServiceGrantSchema, (v) => setServiceGrant(db, userId, v.serviceId, false, viewer)),
    "set-word-export": () => flag("set-word-export", (active) => setWordExport(db, userId, active, viewer), "grants.errors.wordExportFailed"),
  });
}

// --------------------------------------------------------------------------- grant all, remove all

export type BulkKind = "grant-all" | "remove-all";

export async function bulkLoader(request: Request, rawId: string | undefined) {
  const { viewer, userId } = await guard(request, rawId);
  const user = await userOr404(userId);
  if (!mayManageAccount(viewer, user.role)) forbid(request);
  try {
    return { user: { id: user.id, name: user.name }, counts: await grantCounts(getDb(), userId), loadError: null };
  } catch (error) {
    console.error(error);
    return { user: { id: user.id, name: user.name }, counts: null, loadError: "grants.errors.loadFailed" };
  }
}

/** The confirmed "grant all" or "remove all": back to the page with a toast, or the spec's error beside the button. */
export async function bulkAction(request: Request, rawId: string | undefined, kind: BulkKind) {
  const { viewer, userId } = await guard(request, rawId);
  await readFormData(request);
  const user = await userOr404(userId);
  if (!mayManageAccount(viewer, user.role)) forbid(request);
  const db = getDb();
  try {
    if (kind === "grant-all") {
      const added = await grantAllCategories(db, userId, viewer);
      return redirectWithFlash(request, grantsPath(userId), { kind: "success", message: "grants.flash.grantedAll", values: { name: user.name, count: added } });
    }
    const removed = await revokeAllGrants(db, userId, viewer);
    return redirectWithFlash(request, grantsPath(userId), { kind: "success", message: "grants.flash.removedAll", values: { name: user.name, count: removed.categories + removed.services } });
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    console.error(error);
    return refuseForm({ form: kind === "grant-all" ? "grants.errors.grantAllFailed" : "grants.errors.removeAllFailed" }, 500);
  }
}
