import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listActivitiesFor } from "~/server/audit.server";
import { NotFoundError, StaleRecordError } from "~/server/errors.server";
import {
  createPatchNote,
  createSystemMessage,
  deletePatchNote,
  deleteSystemMessage,
  getPatchNote,
  getSystemMessage,
  hasReadMessage,
  latestActiveMessage,
  latestPatchNote,
  listPatchNotes,
  markMessageRead,
  unreadLocalMessage,
  updatePatchNote,
  updateSystemMessage,
} from "~/modules/systeminfo/systeminfo.server";
import { factories, type TestUser } from "../../factories";
import { rejection } from "../../support/rejection";
import { useTestDb } from "../../support/test-db";

/** Patch notes and system messages (issue 16 §7) on a real database (SQLite, or Postgres via DATABASE_URL). */
const t = useTestDb();
const make = factories(() => t.db);
let admin: TestUser;

beforeAll(async () => {
  admin = await make.user("superadmin");
});

const NOW = new Date("2026-06-01T12:00:00.000Z");
const note = (headline: string, patch_date: string, text = "") => ({ headline, version: "1.0.0", patch_date, text });
const message = (headline: string, expiration_date: string | null, text = "") => ({ headline, text, expiration_date });

describe("patch notes", () => {
  beforeEach(async () => {
    await t.db.deleteFrom("patch_notes").execute();
  });

  it("are listed newest first by date, then the later id; a note without date last", async () => {
    const a = await createPatchNote(t.db, note("A", "2026-01-10 09:00"), admin);
    const b = await createPatchNote(t.db, note("B", "2026-03-01 08:00"), admin);
    const c = await createPatchNote(t.db, note("C", "2026-01-10 09:00"), admin);
    const d = await make.patchNote({ headline: "D" });
    expect((await listPatchNotes(t.db)).map((n) => n.id)).toEqual([b, c, a, d]);
    expect((await latestPatchNote(t.db))?.id).toBe(b);
  });

  it("no notes: an empty list and no latest", async () => {
    expect(await listPatchNotes(t.db)).toEqual([]);
    expect(await latestPatchNote(t.db)).toBeNull();
  });

  it("text is sanitised; create, update and delete are audited; a stale form is refused", async () => {
    const id = await createPatchNote(t.db, note("Release", "2026-11-20 10:00", '<p>Neu<script>alert(1)</script></p><img src=x onerror="x()">'), admin);
    const stored = await getPatchNote(t.db, id);
    expect(stored.text).toBe("<p>Neu</p>");
    expect(await updatePatchNote(t.db, id, note("Release", "2026-11-20 10:00", "<p>Neu</p>"), stored.updated_at, admin)).toBe(false);
    expect(await updatePatchNote(t.db, id, { ...note("Release 2", "2026-11-21 10:00", "<p>Neu</p>"), version: "1.1.0" }, stored.updated_at, admin)).toBe(true);
    expect(await rejection(updatePatchNote(t.db, id, note("Later", "2026-11-21 10:00"), stored.updated_at, admin))).toBeInstanceOf(StaleRecordError);
    await deletePatchNote(t.db, id, admin);
    expect(await rejection(getPatchNote(t.db, id))).toBeInstanceOf(NotFoundError);
    const events = (await listActivitiesFor(t.db, "patch_note", id)).reverse();
    expect(events.map((e) => e.event)).toEqual(["created", "updated", "deleted"]);
    expect(JSON.parse(events[1].old_values!)).toEqual({ headline: "Release", version: "1.0.0", patch_date: "2026-11-20 10:00" });
    expect(JSON.parse(events[1].new_values!)).toEqual({ headline: "Release 2", version: "1.1.0", patch_date: "2026-11-21 10:00" });
    expect(events[2].causer_id).toBe(admin.id);
  });
});

describe("system messages", () => {
  beforeEach(async () => {
    await t.db.deleteFrom("system_message_reads").execute();
    await t.db.deleteFrom("system_messages").execute();
  });

  it("the current one is the newest whose expiration date is set and not passed", async () => {
    expect(await latestActiveMessage(t.db, NOW)).toBeNull();
    await createSystemMessage(t.db, message("Ohne Datum", null), admin);
    await createSystemMessage(t.db, message("Abgelaufen", "2026-05-31T12:00:00.000Z"), admin);
    expect(await latestActiveMessage(t.db, NOW)).toBeNull();
    const older = await createSystemMessage(t.db, message("Aktuell", "2026-06-10T00:00:00.000Z", "<p>Wartung</p>"), admin);
    expect(await latestActiveMessage(t.db, NOW)).toEqual({ id: older, headline: "Aktuell", text: "<p>Wartung</p>", expiration_date: "2026-06-10T00:00:00.000Z" });
    const newer = await createSystemMessage(t.db, message("Neuer", "2026-06-01T12:00:00.000Z"), admin);
    expect((await latestActiveMessage(t.db, NOW))?.id).toBe(newer);
    // Its expiration passes: the older one (still current) is the current one again.
    expect((await latestActiveMessage(t.db, new Date("2026-06-01T12:00:00.001Z")))?.id).toBe(older);
    expect(await latestActiveMessage(t.db, new Date("2026-06-11T00:00:00.000Z"))).toBeNull();
  });

  it("is shown to each user once: after a read it is gone for that user only", async () => {
    const reader = await make.user("client");
    const other = await make.user("user");
    const id = await createSystemMessage(t.db, message("Einmal", "2026-06-10T00:00:00.000Z", "<b>Hinweis</b>"), admin);
    expect(await unreadLocalMessage(t.db, reader.id, NOW)).toEqual({ key: `local:${id}`, headline: "Einmal", text: "<b>Hinweis</b>" });
    await markMessageRead(t.db, reader.id, `local:${id}`);
    await markMessageRead(t.db, reader.id, `local:${id}`);
    expect(await unreadLocalMessage(t.db, reader.id, NOW)).toBeNull();
    expect(await hasReadMessage(t.db, reader.id, `local:${id}`)).toBe(true);
    expect((await unreadLocalMessage(t.db, other.id, NOW))?.key).toBe(`local:${id}`);
    // A read of another instance's message with the same id is another key.
    expect(await hasReadMessage(t.db, reader.id, `host.example:${id}`)).toBe(false);
    expect(await t.db.selectFrom("system_message_reads").select("user_id").where("user_id", "=", reader.id).execute()).toHaveLength(1);
  });

  it("a user who read the newest message is not shown an older current one instead", async () => {
    const reader = await make.user("client");
    await createSystemMessage(t.db, message("Alt", "2026-06-10T00:00:00.000Z"), admin);
    const newest = await createSystemMessage(t.db, message("Neu", "2026-06-10T00:00:00.000Z"), admin);
    await markMessageRead(t.db, reader.id, `local:${newest}`);
    expect(await unreadLocalMessage(t.db, reader.id, NOW)).toBeNull();
  });

  it("no expiration date, or a past one: never shown", async () => {
    const reader = await make.user("client");
    await createSystemMessage(t.db, message("Ohne Datum", null), admin);
    expect(await unreadLocalMessage(t.db, reader.id, NOW)).toBeNull();
    await createSystemMessage(t.db, message("Abgelaufen", "2026-06-01T11:59:59.999Z"), admin);
    expect(await unreadLocalMessage(t.db, reader.id, NOW)).toBeNull();
  });

  it("writes are sanitised and audited; deleting removes its reads; deleting a user removes theirs", async () => {
    const reader = await make.user("client");
    const id = await createSystemMessage(t.db, message("Wartung", "2026-06-10T00:00:00.000Z", '<p style="position:fixed">x</p><iframe src="https://evil.example"></iframe>'), admin);
    const stored = await getSystemMessage(t.db, id);
    expect(stored.text).toBe("<p>x</p>");
    expect(await updateSystemMessage(t.db, id, message("Wartung", null, "<p>x</p>"), stored.updated_at, admin)).toBe(true);
    expect((await getSystemMessage(t.db, id)).expiration_date).toBeNull();
    expect(await rejection(updateSystemMessage(t.db, id, message("Wartung", null), stored.updated_at, admin))).toBeInstanceOf(StaleRecordError);
    await markMessageRead(t.db, reader.id, `local:${id}`);
    await markMessageRead(t.db, reader.id, "host.example:1");
    await deleteSystemMessage(t.db, id, admin);
    expect(await hasReadMessage(t.db, reader.id, `local:${id}`)).toBe(false);
    expect(await hasReadMessage(t.db, reader.id, "host.example:1")).toBe(true);
    await t.db.deleteFrom("users").where("id", "=", reader.id).execute();
    expect(await t.db.selectFrom("system_message_reads").select("user_id").where("user_id", "=", reader.id).execute()).toHaveLength(0);
    const events = (await listActivitiesFor(t.db, "system_message", id)).reverse();
    expect(events.map((e) => e.event)).toEqual(["created", "updated", "deleted"]);
    expect(JSON.parse(events[1].old_values!)).toEqual({ expiration_date: "2026-06-10T00:00:00.000Z" });
  });
});
