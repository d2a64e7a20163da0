import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/modules/access/policy.server";
import { getDb } from "~/server/db/db.server";
import { parseLogsQuery, positiveId, SUBJECT_TYPES, type LogsFilter } from "./logs-query";
import { causerOptions, getLog, listLogs } from "./logs.server";
import { refusal } from "~/server/refusal.server";
import history from "~/i18n/locales/history.de";

/**
 * The events the filter offers: every event the history can name. Code that records a new event
 * gives it a label there (the history tabs need it), so the filter offers it from then on. Read
 * here, on the server: the browser gets the list, not the German texts.
 */
const EVENTS = Object.keys(history.events);

/** /admin/logs — every audit activity, filtered and keyset-paged (issue 13 §5); admin guard. */
export async function logsLoader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "access:admin");
  const { query, ignored } = parseLogsQuery(new URL(request.url).searchParams);
  const db = getDb();
  const [page, users] = await Promise.all([listLogs(db, query), causerOptions(db)]);
  const filter: LogsFilter = { user: query.user, subject: query.subject, event: query.event, from: query.from, to: query.to };
  return { ...page, filter, ignored, users, subjects: [...SUBJECT_TYPES], events: EVENTS, paged: query.before !== null || query.after !== null };
}

/** /admin/logs/:id — one activity in full, its changes field by field; 404 for an unknown id. */
export async function logDetailLoader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "access:admin");
  const id = positiveId(params.id);
  const log = id === null ? null : await getLog(getDb(), id);
  if (!log) throw refusal(404);
  return log;
}

/** The logs are read-only: a POST is refused like any other (403 without the admin guard), else 405. */
export async function logsAction({ request }: ActionFunctionArgs): Promise<never> {
  await requirePermission(request, "access:admin");
  throw refusal(405);
}
