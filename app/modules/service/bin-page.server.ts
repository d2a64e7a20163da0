import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/modules/access/policy.server";
import { getDb } from "~/server/db/db.server";
import { binPath, binRestoreAction } from "./lifecycle-page.server";
import { listTrashed, type TrashedService } from "./service-lifecycle.server";

/** /bin — trashed services with a restore action (spec 02 §2); admin guard. */
export async function binLoader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "access:admin");
  const page = Number(new URL(request.url).searchParams.get("page") ?? 1);
  try {
    const list = await listTrashed(getDb(), { page: Number.isSafeInteger(page) && page > 0 ? page : 1 });
    return { ...list, loadError: null };
  } catch (error) {
    console.error(error);
    return { items: [] as TrashedService[], total: 0, page: 1, pageCount: 1, loadError: "lifecycle.bin.loadFailed" };
  }
}

export const binAction = ({ request }: { request: Request }) => binRestoreAction(request, binPath(request));
