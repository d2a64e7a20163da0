import type { Executor } from "~/server/audit.server";

/**
 * Open threads of a service: the basics editor, where reviewers approve, points to them (issue 36
 * §7). Apart from comments.server.ts so the service page does not carry the comments' texts.
 */
export async function openThreadCount(db: Executor, serviceId: number): Promise<number> {
  const row = await db.selectFrom("service_comments").select((eb) => eb.fn.countAll().as("n")).where("service_id", "=", serviceId).where("thread_id", "is", null).where("resolved_at", "is", null).executeTakeFirst();
  return Number(row?.n ?? 0);
}
