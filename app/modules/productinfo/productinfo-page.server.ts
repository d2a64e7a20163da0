import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/modules/access/session.server";
import { getDb } from "~/server/db/db.server";
import { databaseInfo, dependencyLicences, productVersion } from "./productinfo.server";

/** /dashboard/info — product information for everyone signed in. */
export async function productInfoLoader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const [database, licences] = await Promise.all([databaseInfo(getDb()), dependencyLicences()]);
  return { version: productVersion, node: process.versions.node, database, licences };
}
