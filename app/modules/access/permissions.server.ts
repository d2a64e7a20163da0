import { userHasPermission } from "~/modules/access/policy";
import type { Executor } from "../../server/audit.server";
import type { SessionUser } from "./user.server";

/**
 * Who may edit a service (DESIGN.md roles): keyuser and above everywhere; a `user` only where
 * granted — per category or per service; a client nowhere.
 */
export async function canEditService(db: Executor, user: Pick<SessionUser, "id" | "role">, serviceId: number): Promise<boolean> {
  if (!userHasPermission(user, "update:service")) return false;
  if (userHasPermission(user, "manage:structure")) return true;
  const granted = await db
    .selectFrom("services as s")
    .select("s.id")
    .where("s.id", "=", serviceId)
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom("user_service_permissions as p").select("p.service_id").whereRef("p.service_id", "=", "s.id").where("p.user_id", "=", user.id)),
        eb.exists(eb.selectFrom("user_category_permissions as p").select("p.category_id").whereRef("p.category_id", "=", "s.category_id").where("p.user_id", "=", user.id)),
      ]),
    )
    .executeTakeFirst();
  return Boolean(granted);
}

/** Whether the user may place services into this category (a move's target). */
export async function canEditCategory(db: Executor, user: Pick<SessionUser, "id" | "role">, categoryId: number): Promise<boolean> {
  if (!userHasPermission(user, "update:service")) return false;
  if (userHasPermission(user, "manage:structure")) return true;
  const row = await db
    .selectFrom("user_category_permissions")
    .select("category_id")
    .where("user_id", "=", user.id)
    .where("category_id", "=", categoryId)
    .executeTakeFirst();
  return Boolean(row);
}

/** For hiding controls: "all", or the categories and services this user was granted. */
export async function editScope(db: Executor, user: Pick<SessionUser, "id" | "role">) {
  if (!userHasPermission(user, "update:service")) return { all: false, categories: [] as number[], services: [] as number[] };
  if (userHasPermission(user, "manage:structure")) return { all: true, categories: [] as number[], services: [] as number[] };
  const [categories, services] = await Promise.all([
    db.selectFrom("user_category_permissions").select("category_id").where("user_id", "=", user.id).execute(),
    db.selectFrom("user_service_permissions").select("service_id").where("user_id", "=", user.id).execute(),
  ]);
  return { all: false, categories: categories.map((c) => c.category_id), services: services.map((s) => s.service_id) };
}
