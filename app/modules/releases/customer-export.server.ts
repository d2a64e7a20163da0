import { requireWordExport } from "~/modules/wordexport/export-access.server";
import { catalogueOf } from "~/modules/wordexport/export-page.server";
import { getDb } from "~/server/db/db.server";
import { parseId } from "~/lib/ids";
import { refusal } from "~/server/refusal.server";
import { customerHere, inService, type Args, type Handler } from "./customer-routes.server";
import { releasePath } from "./release-paths";
import { exportRelease } from "./release-word.server";

/** The Word export of a customer who reads a release (issue 35 §6): the release's, from its snapshot; wired in by the export routes. */

const idOf = (raw: string | undefined) => parseId(raw);

/** The catalogue's Word export (`?catalogue=` or the current one): a customer gets the release's, from its snapshot. */
export function releaseExportFirst<A extends Args>(loader: Handler<A, Response>) {
  return async (args: A): Promise<Response> => {
    const customer = await customerHere(args, async (db, { request }, user) => ({ catalogueId: await catalogueOf(request, user.id), inRelease: (r) => releasePath(r.id) }));
    if (!customer) return loader(args);
    const user = await requireWordExport(args.request, getDb());
    return exportRelease(args.request, customer.release, null, user, releasePath(customer.release.id));
  };
}

/** One service's Word export: a customer gets the service as the release froze it (404 when the release holds none). */
export function releaseServiceExportFirst<A extends Args>(loader: Handler<A, Response>) {
  return async (args: A): Promise<Response> => {
    const customer = await customerHere(args, inService);
    if (!customer) return loader(args);
    const user = await requireWordExport(args.request, getDb());
    const serviceId = idOf(args.params.id)!;
    return exportRelease(args.request, customer.release, serviceId, user, releasePath(customer.release.id, `/service/${serviceId}`));
  };
}

/** The browser's selection export: the working copy's browser, which a customer who reads a release does not have. */
export function refuseReleaseReaders<A extends Args, T>(handler: Handler<A, T>) {
  return async (args: A): Promise<T> => {
    if (await customerHere(args, async (db, { request }, user) => ({ catalogueId: await catalogueOf(request, user.id), inRelease: (r) => releasePath(r.id) }))) throw refusal(403);
    return handler(args);
  };
}
