import { sql } from "kysely";
import { userHasPermission } from "~/modules/access/policy";
import { recordActivity, type Executor } from "~/server/audit.server";
import { isUniqueViolation } from "~/server/db-errors";
import { foldCase, inTransaction, nextTimestamp } from "~/server/db-helpers.server";
import { ForbiddenError, NotFoundError, StaleRecordError, ValidationError } from "~/server/errors.server";
import { nowIso } from "~/lib/time";
import { ViewFormSchema } from "./views-schema";
import { ViewStateSchema, parseStoredState, type ViewState } from "./views-state";

/**
 * Saved views (issue 20 §1, docs/decisions/0037-views-documentation-info.md): a name and a
 * catalogue-browser state, kept for oneself or shared with everyone. Who may do what:
 * - everyone who reads the catalogue saves, renames and deletes their own views;
 * - sharing needs `share:views` (keyuser and above); only the owner shares or unshares;
 * - another user's shared view is renamed or deleted by admins (`manage:views`), nobody else;
 * - another user's personal view does not exist for anyone but its owner (not found).
 * Every write is audited ("saved_view") in its transaction.
 */

/** Who acts: the signed-in user (a SessionUser fits). */
export interface ViewActor {
  id: number;
  name: string;
  role?: string | null;
}

export interface SavedView {
  id: number;
  name: string;
  shared: boolean;
  ownerId: number;
  ownerName: string;
  catalogueId: number | null;
  catalogueTitle: string | null;
  frameTitle: string | null;
  state: ViewState;
  updatedAt: string;
  /** The acting user's own view. */
  mine: boolean;
  /** The acting user may rename and delete it. */
  canManage: boolean;
  /** The acting user may share or unshare it (the owner, with share:views). */
  canShare: boolean;
}

export interface NewView {
  name: string;
  shared: boolean;
  state: ViewState;
  catalogueId: number | null;
}

export interface ViewChange {
  name: string;
  /** undefined keeps the sharing as it is. */
  shared?: boolean;
}

const DUPLICATE = "views.errors.duplicate";

export const mayShareViews = (user: { role?: string | null }) => userHasPermission(user, "share:views");

function viewQuery(db: Executor) {
  return db
    .selectFrom("saved_views as v")
    .innerJoin("users as u", "u.id", "v.user_id")
    .leftJoin("service_catalogues as c", "c.id", "v.catalogue_id")
    .leftJoin("catalog_frames as f", "f.service_catalogue_id", "v.catalogue_id")
    .select(["v.id", "v.name", "v.shared", "v.user_id", "u.name as owner_name", "v.catalogue_id", "c.title as catalogue_title", "f.title as frame_title", "v.state", "v.updated_at"]);
}

type Row = Awaited<ReturnType<ReturnType<typeof viewQuery>["executeTakeFirstOrThrow"]>>;

function toView(row: Row, user: ViewActor): SavedView {
  const mine = row.user_id === user.id;
  const shared = row.shared === 1;
  return {
    id: row.id,
    name: row.name,
    shared,
    ownerId: row.user_id,
    ownerName: row.owner_name,
    catalogueId: row.catalogue_id,
    catalogueTitle: row.catalogue_title,
    frameTitle: row.frame_title,
    state: parseStoredState(row.state),
    updatedAt: row.updated_at,
    mine,
    canManage: mine || (shared && userHasPermission(user, "manage:views")),
    canShare: mine && mayShareViews(user),
  };
}

/** The user's own views and everyone's shared views, by name. */
export async function listViews(db: Executor, user: ViewActor): Promise<SavedView[]> {
  const rows = await viewQuery(db)
    .where((eb) => eb.or([eb("v.user_id", "=", user.id), eb("v.shared", "=", 1)]))
    .orderBy(foldCase(db, sql.ref("v.name")))
    .orderBy("v.id")
    .execute();
  return rows.map((row) => toView(row, user));
}

/** A view the user can see (own or shared); anything else is not found. */
export async function getView(db: Executor, id: number, user: ViewActor): Promise<SavedView> {
  const row = await viewQuery(db).where("v.id", "=", id).executeTakeFirst();
  if (!row || (row.user_id !== user.id && row.shared !== 1)) throw new NotFoundError("saved view");
  return toView(row, user);
}

/** The model's own check of what a form (or any other caller) hands in; field errors as i18n keys. */
function checkedName(name: string): string {
  const parsed = ViewFormSchema.shape.name.safeParse(name);
  if (!parsed.success) throw new ValidationError({ name: parsed.error.issues[0]?.message ?? "views.errors.nameRequired" });
  return parsed.data;
}

async function assertFreeName(db: Executor, ownerId: number, name: string, exceptId: number | null) {
  const clash = await db
    .selectFrom("saved_views")
    .select("id")
    .where("user_id", "=", ownerId)
    .where(foldCase(db, sql.ref("name")), "=", name.toLowerCase())
    .$if(exceptId !== null, (qb) => qb.where("id", "!=", exceptId!))
    .executeTakeFirst();
  if (clash) throw new ValidationError({ name: DUPLICATE });
}

/** A duplicate that slipped past the check (two saves at once) is the same field error. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ValidationError({ name: DUPLICATE });
    throw error;
  }
}

const auditState = (state: ViewState) => JSON.stringify(state);

export async function createView(db: Executor, input: NewView, user: ViewActor): Promise<number> {
  const name = checkedName(input.name);
  if (input.shared && !mayShareViews(user)) throw new ForbiddenError("share view");
  const state = ViewStateSchema.parse(input.state);
  return uniqueName(() =>
    inTransaction(db, async (trx) => {
      await assertFreeName(trx, user.id, name, null);
      if (input.catalogueId !== null && !(await trx.selectFrom("service_catalogues").select("id").where("id", "=", input.catalogueId).executeTakeFirst())) {
        throw new NotFoundError("catalogue");
      }
      const now = nowIso();
      const values = { user_id: user.id, catalogue_id: input.catalogueId, name, state: auditState(state), shared: input.shared ? 1 : 0 };
      const { id } = await trx.insertInto("saved_views").values({ ...values, created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow();
      await recordActivity(trx, { subjectType: "saved_view", subjectId: id, event: "created", causer: user, newValues: values, description: name });
      return id;
    }),
  );
}

/** Renames a view (and, for its owner who may share, shares or unshares it); false when nothing changed. */
export async function updateView(db: Executor, id: number, change: ViewChange, expectedUpdatedAt: string, user: ViewActor): Promise<boolean> {
  const name = checkedName(change.name);
  return uniqueName(() =>
    inTransaction(db, async (trx) => {
      const view = await getView(trx, id, user);
      if (!view.canManage) throw new ForbiddenError("saved view");
      const shared = change.shared ?? view.shared;
      if (shared !== view.shared && !view.canShare) throw new ForbiddenError("share view");
      if (view.updatedAt !== expectedUpdatedAt) throw new StaleRecordError({ name: view.name, shared: view.shared, updated_at: view.updatedAt }, []);
      const before = { name: view.name, shared: view.shared ? 1 : 0 };
      const after = { name, shared: shared ? 1 : 0 };
      const keys = (Object.keys(after) as (keyof typeof after)[]).filter((k) => before[k] !== after[k]);
      if (!keys.length) return false;
      if (name !== view.name) await assertFreeName(trx, view.ownerId, name, id);
      await trx.updateTable("saved_views").set({ ...after, updated_at: nextTimestamp(view.updatedAt) }).where("id", "=", id).execute();
      await recordActivity(trx, {
        subjectType: "saved_view",
        subjectId: id,
        event: "updated",
        causer: user,
        oldValues: Object.fromEntries(keys.map((k) => [k, before[k]])),
        newValues: Object.fromEntries(keys.map((k) => [k, after[k]])),
        description: name,
      });
      return true;
    }),
  );
}

export async function deleteView(db: Executor, id: number, user: ViewActor): Promise<SavedView> {
  return inTransaction(db, async (trx) => {
    const view = await getView(trx, id, user);
    if (!view.canManage) throw new ForbiddenError("saved view");
    await trx.deleteFrom("saved_views").where("id", "=", id).execute();
    await recordActivity(trx, {
      subjectType: "saved_view",
      subjectId: id,
      event: "deleted",
      causer: user,
      oldValues: { user_id: view.ownerId, catalogue_id: view.catalogueId, name: view.name, state: auditState(view.state), shared: view.shared ? 1 : 0 },
      description: view.name,
    });
    return view;
  });
}
