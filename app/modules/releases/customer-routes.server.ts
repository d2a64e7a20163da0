import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { userHasPermission } from "~/modules/access/policy";
import { requireUser } from "~/modules/access/session.server";
import type { SessionUser } from "~/modules/access/user.server";
import { getCurrentCatalogueId } from "~/modules/catalogue/catalogue.server";
import { cleanSearchText } from "~/modules/catalogue/catalogue-query";
import type { Executor } from "~/server/audit.server";
import { getDb } from "~/server/db/db.server";
import { parseId } from "~/lib/ids";
import { refusal } from "~/server/refusal.server";
import { customerRelease, requireWorkingCopy } from "./customer-view.server";
import { releasePath } from "./release-paths";
import type { ReleaseRow } from "./release-rows.server";

/**
 * What customers read (issue 35 §6, decision 0071), wired in by the routes: each wrapper takes the
 * working copy's own loader or action and, for a customer who reads a release of the catalogue the
 * page shows, answers from the release instead — so the working copy's modules need know nothing
 * of releases. Everyone who reads the working copy goes straight through.
 */

export type Args = { request: Request; params: LoaderFunctionArgs["params"] };
export type Handler<A extends Args, T> = (args: A) => Promise<T> | T;

/** The catalogue a working-copy page shows, and where the same thing is read in a release. */
export interface Place {
  catalogueId: number | null;
  inRelease: (release: ReleaseRow) => string;
}
export type Where = (db: Executor, args: Args, user: SessionUser) => Promise<Place | null>;

/** A customer (no `read:working-copy`) and the release they read here; null: the working copy. */
export async function customerHere(args: Args, where: Where): Promise<{ user: SessionUser; release: ReleaseRow; place: Place } | null> {
  const user = await requireUser(args.request);
  if (userHasPermission(user, "read:working-copy")) return null;
  const db = getDb();
  const place = await where(db, args, user);
  const release = place?.catalogueId != null ? await customerRelease(db, user, place.catalogueId) : null;
  return release && place ? { user, release, place } : null;
}

/** A working-copy page whose content a release holds too: a customer who reads the release is led there. */
export function leadCustomers<A extends Args, T>(handler: Handler<A, T>, where: Where) {
  return async (args: A): Promise<T> => {
    const customer = await customerHere(args, where);
    if (customer) throw redirect(customer.place.inRelease(customer.release));
    return handler(args);
  };
}

/** A page that shows only the working copy (reports, SLA overview, tools, saved views): refused to a customer who reads a release. */
export function workingCopyOnly<A extends Args, T>(handler: Handler<A, T>) {
  return async (args: A): Promise<T> => {
    await requireWorkingCopy(args.request);
    return handler(args);
  };
}

const idOf = (raw: string | undefined) => parseId(raw);

/** The browser: the current catalogue; its search goes along into the release. */
export const inBrowser: Where = async (db, { request }, user) => {
  const params = new URL(request.url).searchParams;
  // A link into a catalogue (`?catalogue=`, from the reports or the SLA overview): the browser makes
  // it the current one and redirects; the customer is led from there.
  if (params.has("catalogue")) return null;
  const q = cleanSearchText((params.get("q") ?? "").slice(0, 200));
  return { catalogueId: await getCurrentCatalogueId(db, user.id), inRelease: (r) => releasePath(r.id, q ? `?${new URLSearchParams({ q })}` : "") };
};

/** A service page (`params.id`): the service's catalogue; the same service in the release (404 there when it holds none). */
export const inService: Where = async (db, { params }) => {
  const id = idOf(params.id);
  const row = id === null ? undefined : await db.selectFrom("services").select("service_catalogue_id").where("id", "=", id).where("deleted_at", "is", null).executeTakeFirst();
  return row ? { catalogueId: row.service_catalogue_id, inRelease: (r) => releasePath(r.id, `/service/${id}`) } : null;
};

/** An area or category page (`params.id`): its catalogue; the release's contents. */
export const inStructure =
  (table: "service_areas" | "service_categories"): Where =>
  async (db, { params }) => {
    const id = idOf(params.id);
    const row = id === null ? undefined : await db.selectFrom(table).select("service_catalogue_id").where("id", "=", id).executeTakeFirst();
    return row ? { catalogueId: row.service_catalogue_id, inRelease: (r) => releasePath(r.id) } : null;
  };

/**
 * A working-copy picture (`/images/:kind/:id`) of a catalogue whose customers read a release: not
 * for them (404) — a later picture would show what the release does not; a release's pages have
 * pictures of their own.
 */
export const ofImage: Where = async (db, args, user) => {
  const { kind, id } = args.params;
  if (kind === "service") return inService(db, args, user);
  if (kind === "area") return inStructure("service_areas")(db, args, user);
  if (kind === "category") return inStructure("service_categories")(db, args, user);
  const catalogueId = kind === "frame" ? parseId(id) : null;
  return catalogueId === null ? null : { catalogueId, inRelease: (r) => releasePath(r.id, "/frame") };
};

export function hiddenFromCustomers<A extends Args, T>(handler: Handler<A, T>, where: Where) {
  return async (args: A): Promise<T> => {
    if (await customerHere(args, where)) throw refusal(404);
    return handler(args);
  };
}
