import { beforeAll, describe, expect, it } from "vitest";
import { listHeadlines, resetHeadline, setHeadline } from "~/modules/masks/headlines.server";
import { getServiceDetail } from "~/modules/service/service.server";
import { listActivitiesFor } from "~/server/audit.server";
import { NotFoundError } from "~/server/errors.server";
import { factories } from "../../factories";
import { useTestDb } from "../../support/test-db";
import { rejection } from "../../support/rejection";

// Service headlines (issue 15 §3): 11 seeded positions; a custom text titles the service page's
// section at once and is shown as written; reset returns to the built-in heading. Every change
// is audited. Runs on SQLite by default and on Postgres with DATABASE_URL=postgres://…

const t = useTestDb();
const make = factories(() => t.db);
let admin: { id: number; name: string };

beforeAll(async () => {
  const u = await make.user("superadmin", { name: "Überschriften Admin" });
  admin = { id: u.id, name: u.name };
});

describe("service headlines", () => {
  it("are seeded with the 11 German initial texts and no custom text", async () => {
    const rows = await listHeadlines(t.db);
    expect(rows.map((h) => h.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(rows[0].headline_text_init).toBe("Kurzbeschreibung");
    expect(rows[10].headline_text_init).toBe("Links");
    expect(rows.every((h) => h.headline_text_custom === null)).toBe(true);
  });

  it("a custom text titles the section on every service page; reset restores the built-in heading", async () => {
    const catalogueId = await make.catalogue();
    const service = await make.service(catalogueId, await make.category(catalogueId));
    expect((await getServiceDetail(t.db, service))!.headlines).toEqual({});

    expect(await setHeadline(t.db, 8, "  Was   vorher laufen muss ", admin)).toBe(true);
    expect((await listHeadlines(t.db))[7]).toMatchObject({ position: 8, headline_text_init: "Abhängigkeiten", headline_text_custom: "Was vorher laufen muss" });
    expect((await getServiceDetail(t.db, service))!.headlines).toEqual({ 8: "Was vorher laufen muss" });
    // The same text again changes nothing and records nothing.
    expect(await setHeadline(t.db, 8, "Was vorher laufen muss", admin)).toBe(false);

    expect(await resetHeadline(t.db, 8, admin)).toBe(true);
    expect((await listHeadlines(t.db))[7].headline_text_custom).toBeNull();
    expect((await getServiceDetail(t.db, service))!.headlines).toEqual({});
    expect(await resetHeadline(t.db, 8, admin)).toBe(false);
    // An emptied text is a reset as well.
    await setHeadline(t.db, 3, "Umfang", admin);
    await setHeadline(t.db, 3, "   ", admin);
    expect((await listHeadlines(t.db))[2].headline_text_custom).toBeNull();

    const activities = (await listActivitiesFor(t.db, "service_headline", 8)).map((a) => ({
      event: a.event,
      causer: a.causer_id,
      old: JSON.parse(a.old_values!),
      new: JSON.parse(a.new_values!),
    }));
    expect(activities).toHaveLength(2);
    expect(activities).toEqual(
      expect.arrayContaining([
        { event: "updated", causer: admin.id, old: { position: 8, headline_text_custom: null }, new: { position: 8, headline_text_custom: "Was vorher laufen muss" } },
        { event: "updated", causer: admin.id, old: { position: 8, headline_text_custom: "Was vorher laufen muss" }, new: { position: 8, headline_text_custom: null } },
      ]),
    );
  });

  it("an unknown position is refused", async () => {
    expect(await rejection(setHeadline(t.db, 12, "x", admin))).toBeInstanceOf(NotFoundError);
  });
});
