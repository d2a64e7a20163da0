import { describe, expect, it } from "vitest";
import type { Role } from "~/modules/access/roles";
import { listNotifications, markAllRead, markRead, unreadCount } from "~/modules/notifications/notifications.server";
import { updateServiceBasics } from "~/modules/service/service.server";
import { factories, unique } from "../../factories";
import { useTestDb } from "../../support/test-db";

// Notification fan-out (issue 36 §5, decision 0078): sent to review → who may approve; approved or
// sent back → the last editor and the responsible people; never the actor. Runs on SQLite and Postgres.

const t = useTestDb({ each: true });
const make = factories(() => t.db);

type Person = { id: number; name: string; role: Role };
async function person(role: Role, name: string): Promise<Person> {
  const u = await make.user(role, { name, email: `${unique("p")}@notifications.test` });
  return { id: u.id, name: u.name, role };
}

const basics = (categoryId: number, status: "open" | "checking" | "closed") => ({ name: "Dienst", category_id: categoryId, servicetype: "customer" as const, status, statuspercent: 0, servicechangeplanned: 0 });
const version = async (id: number) => (await t.db.selectFrom("services").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow()).updated_at;
const kindsOf = async (userId: number) => (await listNotifications(t.db, userId)).rows.map((r) => r.kind);

describe("who is told", () => {
  it("review requested → approvers (not the sender, not plain users); approved and sent back → last editor and responsible people", async () => {
    const catalogueId = await make.catalogue({ title: unique("Benachrichtigung") });
    const categoryId = await make.category(catalogueId, { name: unique("Kategorie") });
    const editor = await person("keyuser", "Erika Editor");
    const approver = await person("admin", "Anton Approver");
    const responsible = await person("user", "Rita Responsible");
    const bystander = await person("user", "Ben Bystander");
    const id = await make.service(catalogueId, categoryId, { name: "Dienst" });
    await t.db.insertInto("service_responsible_users").values({ service_id: id, user_id: responsible.id }).execute();

    await updateServiceBasics(t.db, id, basics(categoryId, "checking"), await version(id), editor);
    expect(await kindsOf(approver.id)).toEqual(["review_requested"]);
    expect(await kindsOf(editor.id)).toEqual([]);
    expect(await kindsOf(bystander.id)).toEqual([]);
    expect(await kindsOf(responsible.id)).toEqual([]);

    await updateServiceBasics(t.db, id, basics(categoryId, "closed"), await version(id), approver);
    expect(await kindsOf(editor.id)).toEqual(["approved"]);
    expect(await kindsOf(responsible.id)).toEqual(["approved"]);
    expect(await kindsOf(approver.id)).toEqual(["review_requested"]);
    const row = (await listNotifications(t.db, editor.id)).rows[0];
    expect(row).toMatchObject({ serviceId: id, serviceName: "Dienst", actorName: approver.name, readAt: null });

    await updateServiceBasics(t.db, id, basics(categoryId, "checking"), await version(id), approver);
    await updateServiceBasics(t.db, id, basics(categoryId, "open"), await version(id), approver);
    // Sent back: the last editor was the approver, who acted — so only the responsible person.
    expect(await kindsOf(responsible.id)).toEqual(["sent_back", "approved"]);
  });

  it("reads: one's own one at a time or all; another user's id changes nothing", async () => {
    const catalogue = await make.catalogue({ title: unique("Lesen") });
    const category = await make.category(catalogue, { name: unique("Kategorie") });
    const sender = await person("user", "Sender");
    const a = await person("keyuser", "Approver A");
    const b = await person("keyuser", "Approver B");
    const id = await make.service(catalogue, category, { name: "Zu prüfen" });
    await t.db.insertInto("user_category_permissions").values({ user_id: sender.id, category_id: category }).execute();
    await updateServiceBasics(t.db, id, basics(category, "checking"), await version(id), sender);
    expect(await unreadCount(t.db, a.id)).toBe(1);
    const [mine] = (await listNotifications(t.db, a.id)).rows;
    expect(await markRead(t.db, b.id, mine.id)).toBe(false);
    expect(await unreadCount(t.db, a.id)).toBe(1);
    expect(await markRead(t.db, a.id, mine.id)).toBe(true);
    expect(await unreadCount(t.db, a.id)).toBe(0);
    expect(await markAllRead(t.db, b.id)).toBe(1);
    expect(await unreadCount(t.db, b.id)).toBe(0);
  });
});
