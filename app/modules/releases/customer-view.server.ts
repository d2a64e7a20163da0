import { userHasPermission, type Permission } from "~/modules/access/policy";
import { requirePermission } from "~/modules/access/policy.server";
import { forbid } from "~/modules/access/session.server";
import type { SessionUser } from "~/modules/access/user.server";
import { getCatalogue, getCurrentCatalogueId } from "~/modules/catalogue/catalogue.server";
import { parseCatalogueId } from "~/lib/ids";
import { recordActivity, type Causer, type Executor } from "~/server/audit.server";
import type { CustomerView } from "~/server/db/schema";
import { getDb } from "~/server/db/db.server";
import { getRelease, latestRelease, type ReleaseRow } from "./release-rows.server";
import { idOr404 } from "~/server/ids.server";
import { refusal } from "~/server/refusal.server";

/**
 * What customers read (issue 35 §6, decision 0071). A catalogue says whether customers see its
 * latest release (the default) or its working copy. A reader without `read:working-copy` (the
 * client role) of a catalogue set to "release" that has a release that is not withdrawn reads that
 * release: the browser, service pages and the area and category pages lead there, the dashboard,
 * search suggestions, Word export and cover sheet come from it, and the pages that only show the
 * working copy (reports, SLA overview, tools, saved views) are refused. Before the first release,
 * or with the setting "working", everyone reads the working copy as before.
 */

export async function customerViewOf(db: Executor, catalogueId: number): Promise<CustomerView> {
  const row = await db.selectFrom("service_catalogues").select("customer_view").where("id", "=", catalogueId).executeTakeFirst();
  return row?.customer_view === "working" ? "working" : "release";
}

/** The release this user reads of the catalogue instead of its working copy; null: the working copy. */
export async function customerRelease(db: Executor, user: Pick<SessionUser, "role">, catalogueId: number): Promise<ReleaseRow | null> {
  if (userHasPermission(user, "read:working-copy")) return null;
  if ((await customerViewOf(db, catalogueId)) !== "release") return null;
  return latestRelease(db, catalogueId);
}

/** The release this user reads of their current catalogue; null: the working copy. */
export async function currentCustomerRelease(db: Executor, user: Pick<SessionUser, "id" | "role">): Promise<ReleaseRow | null> {
  if (userHasPermission(user, "read:working-copy")) return null;
  return customerRelease(db, user, await getCurrentCatalogueId(db, user.id));
}

/**
 * The guard of a page that shows only the working copy (reports, SLA overview, tools, saved
 * views): the permission, and not a reader of the current catalogue's release (→ /unauthorized, 403).
 */
export async function requireWorkingCopy(request: Request, permission: Permission = "read:catalogue"): Promise<SessionUser> {
  const user = await requirePermission(request, permission);
  if (userHasPermission(user, "read:working-copy")) return user;
  // The catalogue the page will show: the one it names (`?catalogue=`, as the reports link), else the current one.
  const db = getDb();
  const named = parseCatalogueId(new URL(request.url).searchParams.get("catalogue")?.trim() ?? "");
  const catalogueId = named !== null && (await getCatalogue(db, named)) ? named : await getCurrentCatalogueId(db, user.id);
  if (await customerRelease(db, user, catalogueId)) forbid(request);
  return user;
}

/** Sets what customers read of a catalogue; an activity of the catalogue when it changes (not its content: no new version stamp). */
export async function setCustomerView(db: Executor, catalogueId: number, view: CustomerView, causer: Causer): Promise<boolean> {
  const before = await customerViewOf(db, catalogueId);
  if (before === view) return false;
  await db.updateTable("service_catalogues").set({ customer_view: view }).where("id", "=", catalogueId).execute();
  await recordActivity(db, {
    subjectType: "catalogue",
    subjectId: catalogueId,
    event: "updated",
    causer,
    oldValues: { customer_view: before },
    newValues: { customer_view: view },
  });
  return true;
}

/**
 * A release the user may read: a withdrawn one only for those who publish; a customer (no
 * `read:working-copy`) only the one their catalogue shows customers (issue 35 §6). Else 404.
 */
export async function readableRelease(user: SessionUser, rawId: string | undefined): Promise<ReleaseRow> {
  const db = getDb();
  const release = await getRelease(db, idOr404(rawId));
  if (!release) throw refusal(404);
  if (release.state === "withdrawn" && !userHasPermission(user, "publish:release")) throw refusal(404);
  if (!userHasPermission(user, "read:working-copy") && (await customerRelease(db, user, release.catalogueId))?.id !== release.id) throw refusal(404);
  return release;
}
