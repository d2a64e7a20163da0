import { requireUser } from "~/modules/access/session.server";
import type { ReadRelease } from "~/modules/dashboard/dashboard-page.server";
import { cleanSearchText } from "~/modules/catalogue/catalogue-query";
import { getDb } from "~/server/db/db.server";
import { currentCustomerRelease } from "./customer-view.server";
import { customerHere, inBrowser, type Args, type Handler } from "./customer-routes.server";
import { releaseFigures, releaseSuggestions } from "./release-facets.server";
import { releasePath } from "./release-paths";

/** The dashboard and the search box of a customer who reads a release (issue 35 §6), wired in by their routes. */

/** The dashboard: a customer who reads a release sees its figures (the dashboard's loader takes them). */
export function withReadRelease<A extends Args, T>(loader: (args: A, release: ReadRelease | null) => Promise<T>) {
  return async (args: A): Promise<T> => {
    const user = await requireUser(args.request);
    const db = getDb();
    const release = await currentCustomerRelease(db, user);
    return loader(args, release ? { id: release.id, label: release.label, publishedAt: release.publishedAt, href: releasePath(release.id), figures: await releaseFigures(db, release.id) } : null);
  };
}

/** The search box's suggestions: from the release a customer reads. */
export function releaseSuggestionsFirst<A extends Args>(loader: Handler<A, Response>) {
  return async (args: A): Promise<Response> => {
    const customer = await customerHere(args, inBrowser);
    if (!customer) return loader(args);
    const q = cleanSearchText((new URL(args.request.url).searchParams.get("q") ?? "").slice(0, 200)).replace(/^"|"$/g, "");
    const suggestions = await releaseSuggestions(getDb(), customer.release.id, q);
    return Response.json({ suggestions }, { headers: { "Cache-Control": "private, max-age=10" } });
  };
}
