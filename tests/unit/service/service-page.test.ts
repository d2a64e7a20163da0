import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "~/modules/access/roles";
import { DETAIL_FLAG_FIELDS, DETAIL_TEXT_FIELDS, PERSONAL_FLAG_FIELDS, PERSONAL_TEXT_FIELDS, RICH_FIELDS } from "~/modules/service/service-sections";
import { listActivitiesFor } from "~/server/audit.server";
import { ForbiddenError, StaleRecordError } from "~/server/errors.server";
import {
  ForbiddenTransitionError,
  InvalidReferenceError,
  addDependency,
  dependencyCandidates,
  getServiceDetail,
  PICKER_LIMIT,
  relationChoices,
  removeDependency,
  setServicePicture,
  setServiceRelations,
  updateServiceBasics,
  updateServiceFields,
  updateServiceRichText,
} from "~/modules/service/service.server";
import { factories, unique } from "../../factories";
import { useTestDb } from "../../support/test-db";
import { rejection } from "../../support/rejection";

// The service page's model (decision 0009): one read, one write per section, optimistic locking,
// review workflow, audit. Runs on SQLite by default and on Postgres with DATABASE_URL=postgres://…

const t = useTestDb();
const make = factories(() => t.db);
let catalogueId: number;
let categoryId: number;
let otherCategoryId: number;
let counter = 0;
const editors: Record<"user" | "keyuser" | "superadmin", { id: number; name: string; role: Role }> = {} as never;

/** Services in creation order: each a position and a second later than the one before. */
async function addService(status: "open" | "checking" | "closed" = "open", name = unique("Service")) {
  const n = ++counter;
  const now = new Date(Date.UTC(2024, 0, 1, 0, 0, n)).toISOString();
  return make.service(catalogueId, categoryId, { name, position: n, status, created_at: now, updated_at: now });
}

async function row(id: number) {
  return t.db.selectFrom("services").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function activities(id: number) {
  const rows = await listActivitiesFor(t.db, "service", id);
  return rows.map((r) => ({
    event: r.event,
    causer_id: r.causer_id,
    description: r.description,
    old: r.old_values ? JSON.parse(r.old_values) : null,
    new: r.new_values ? JSON.parse(r.new_values) : null,
  }));
}

const basics = (over: Partial<Parameters<typeof updateServiceBasics>[2]> = {}) => ({
  name: "Name",
  category_id: categoryId,
  servicetype: "customer" as const,
  status: "open" as const,
  statuspercent: 0,
  servicechangeplanned: 0,
  ...over,
});

beforeAll(async () => {
  for (const role of ["user", "keyuser", "superadmin"] as const) {
    const u = await make.user(role, { name: `Seite ${role}`, email: `${role}@service-page.test` });
    editors[role] = { id: u.id, name: u.name, role };
  }
  catalogueId = await make.catalogue({ title: "Seitenkatalog" });
  categoryId = await make.category(catalogueId, { name: "Kategorie Seite" });
  otherCategoryId = await make.category(catalogueId, { name: "Kategorie Zwei" });
});

describe("round trips through each section and getServiceDetail", () => {
  it("basics, all four rich fields, details and personal data incl. flags", async () => {
    const id = await addService();
    const ku = editors.keyuser;
    let r = await row(id);
    await updateServiceBasics(
      t.db,
      id,
      basics({ name: "Neuer Name", category_id: otherCategoryId, servicetype: "it", status: "checking", statuspercent: 42, servicechangeplanned: 1 }),
      r.updated_at,
      ku,
    );
    for (const field of RICH_FIELDS) {
      r = await row(id);
      await updateServiceRichText(t.db, id, field, `<p><strong>${field}</strong> Text</p>`, r.updated_at, ku);
    }
    const details = Object.fromEntries(DETAIL_TEXT_FIELDS.map((f) => [f, `Wert ${f}`])) as Record<string, string | number | null>;
    for (const f of DETAIL_FLAG_FIELDS) details[f] = 1;
    r = await row(id);
    await updateServiceFields(t.db, id, details, "details", r.updated_at, ku);
    const personal = Object.fromEntries(PERSONAL_TEXT_FIELDS.map((f) => [f, `PD ${f}`])) as Record<string, string | number | null>;
    // first flag on, second off: both directions of the 0/1 mapping
    PERSONAL_FLAG_FIELDS.forEach((f, i) => (personal[f] = i === 0 ? 1 : 0));
    expect(PERSONAL_FLAG_FIELDS).toEqual(["processingpersonaldata", "processingsensitivpersonaldata"]);
    r = await row(id);
    await updateServiceFields(t.db, id, personal, "personaldata", r.updated_at, ku);

    const detail = (await getServiceDetail(t.db, id))!;
    const s = detail.service;
    expect(s).toMatchObject({ name: "Neuer Name", category_id: otherCategoryId, category_name: "Kategorie Zwei", servicetype: "it", status: "checking", has_picture: false });
    expect(Number(s.statuspercent)).toBe(42);
    expect(Number(s.servicechangeplanned)).toBe(1);
    for (const field of RICH_FIELDS) expect(s[field]).toBe(`<p><strong>${field}</strong> Text</p>`);
    for (const f of DETAIL_TEXT_FIELDS) expect(s[f]).toBe(`Wert ${f}`);
    expect(Number(s.customerspecific)).toBe(1);
    for (const f of PERSONAL_TEXT_FIELDS) expect(s[f]).toBe(`PD ${f}`);
    expect(Number(s.processingpersonaldata)).toBe(1);
    expect(Number(s.processingsensitivpersonaldata)).toBe(0);
    expect(detail.service).not.toHaveProperty("picture");

    // flags flip back to 0, texts clear to null
    r = await row(id);
    await updateServiceFields(t.db, id, { customerspecific: 0, costs: null }, "details", r.updated_at, ku);
    const again = (await row(id));
    expect(Number(again.customerspecific)).toBe(0);
    expect(again.costs).toBeNull();
    expect(again.art_nr).toBe("Wert art_nr");

    // the new category moved the service to its end
    expect(again.category_id).toBe(otherCategoryId);

    // every write is audited with old and new values
    const log = await activities(id);
    const basicsLog = log.find((a) => a.description === "basics")!;
    expect(basicsLog).toMatchObject({ event: "updated", causer_id: ku.id });
    expect(basicsLog.old).toMatchObject({ name: expect.stringMatching(/^Service/), servicetype: "customer", status: "open" });
    expect(basicsLog.new).toMatchObject({ name: "Neuer Name", servicetype: "it", status: "checking", statuspercent: 42, servicechangeplanned: 1 });
    for (const field of RICH_FIELDS) {
      const a = log.find((x) => x.description === field)!;
      expect(a.old).toEqual({ [field]: null });
      expect(a.new).toEqual({ [field]: `<p><strong>${field}</strong> Text</p>` });
    }
    const detailLogs = log.filter((a) => a.description === "details");
    expect(detailLogs[0]).toMatchObject({ old: { customerspecific: 1, costs: "Wert costs" }, new: { customerspecific: 0, costs: null } });
    expect(detailLogs[1].new).toMatchObject({ art_nr: "Wert art_nr", customerspecific: 1 });
    expect(log.find((a) => a.description === "personaldata")!.new).toMatchObject({ personaldata: "PD personaldata", processingpersonaldata: 1 });
  });

  it("an unchanged save writes no activity; unknown ids read as undefined", async () => {
    const id = await addService();
    const r = await row(id);
    await updateServiceFields(t.db, id, { costs: null }, "details", r.updated_at, editors.keyuser);
    expect(await activities(id)).toEqual([]);
    expect(await getServiceDetail(t.db, 999_999)).toBeUndefined();
  });
});

describe("rich text is sanitised on save", () => {
  it("strips script and event handlers, keeps the editor's formatting", async () => {
    const id = await addService();
    const dirty =
      '<p onclick="alert(1)">A<script>alert(2)</script><strong>fett</strong> <em>kursiv</em> <u>unter</u></p>' +
      '<ol><li>eins</li></ol><ul><li>zwei</li></ul><img src="x" onerror="alert(3)">' +
      '<p><span style="color: #c92a2a">rot</span> <span style="background-color: #fff3bf">gelb</span></p>';
    await updateServiceRichText(t.db, id, "description", dirty, (await row(id)).updated_at, editors.keyuser);
    const stored = (await row(id)).description!;
    expect(stored).not.toMatch(/script|alert|onclick|onerror|<img/i);
    for (const keep of ["<strong>fett</strong>", "<em>kursiv</em>", "<u>unter</u>", "<ol><li>eins</li></ol>", "<ul><li>zwei</li></ul>"]) expect(stored).toContain(keep);
    expect(stored).toMatch(/<span style="color:\s*#c92a2a;?">rot<\/span>/);
    expect(stored).toMatch(/<span style="background-color:\s*#fff3bf;?">gelb<\/span>/);
  });

  it("only markup left after sanitising stores null", async () => {
    const id = await addService();
    await updateServiceRichText(t.db, id, "advantages", "<script>x()</script>", (await row(id)).updated_at, editors.keyuser);
    expect((await row(id)).advantages).toBeNull();
  });
});

describe("optimistic locking", () => {
  it("a stale expectedUpdatedAt is refused for every section and nothing changes", async () => {
    const id = await addService("closed");
    const loaded = (await row(id)).updated_at;
    await updateServiceFields(t.db, id, { costs: "neu" }, "details", loaded, editors.keyuser);
    const current = await row(id);
    expect(current.updated_at).not.toBe(loaded);
    const before = await activities(id);

    const other = await addService();
    const attempts: (() => Promise<unknown>)[] = [
      () => updateServiceBasics(t.db, id, basics({ name: "Stale" }), loaded, editors.keyuser),
      () => updateServiceRichText(t.db, id, "content", "<p>Stale</p>", loaded, editors.keyuser),
      () => updateServiceFields(t.db, id, { costs: "stale" }, "details", loaded, editors.keyuser),
      () => setServiceRelations(t.db, id, { tags: [] }, loaded, editors.keyuser, { newTag: "StaleTag" }),
      () => addDependency(t.db, id, other, loaded, editors.keyuser),
      () => setServicePicture(t.db, id, null, loaded, editors.keyuser),
    ];
    for (const attempt of attempts) {
      const error = await rejection(attempt());
      expect(error).toBeInstanceOf(StaleRecordError);
      expect((error as StaleRecordError).current).toMatchObject({ id, costs: "neu" });
    }
    expect(await row(id)).toEqual(current);
    expect(await activities(id)).toEqual(before);
    expect(await t.db.selectFrom("tags").select("id").where("name", "=", "StaleTag").executeTakeFirst()).toBeUndefined();
  });

  it("each write bumps the version; null skips the check", async () => {
    const id = await addService();
    const v0 = (await row(id)).updated_at;
    await updateServiceFields(t.db, id, { system: "A" }, "details", v0, editors.keyuser);
    const v1 = (await row(id)).updated_at;
    expect(v1 > v0).toBe(true);
    await updateServiceFields(t.db, id, { system: "B" }, "details", null, editors.keyuser);
    expect((await row(id)).system).toBe("B");
  });
});

describe("status workflow through updateServiceBasics", () => {
  it("a user moves open ↔ checking but cannot approve", async () => {
    const id = await addService();
    const user = editors.user;
    await updateServiceBasics(t.db, id, basics({ status: "checking" }), (await row(id)).updated_at, user);
    expect((await row(id)).status).toBe("checking");
    const before = await row(id);
    const error = await rejection(updateServiceBasics(t.db, id, basics({ status: "closed", name: "Nicht" }), before.updated_at, user));
    expect(error).toBeInstanceOf(ForbiddenTransitionError);
    expect(await row(id)).toEqual(before);
  });

  it("a user cannot take an approval back", async () => {
    const id = await addService("closed");
    const before = await row(id);
    expect(await rejection(updateServiceBasics(t.db, id, basics({ status: "open" }), before.updated_at, editors.user))).toBeInstanceOf(ForbiddenTransitionError);
    expect(await row(id)).toEqual(before);
  });

  it("a keyuser approves; changing only the status keeps it closed; a content edit reopens", async () => {
    const id = await addService("checking");
    const kbasics = basics({ status: "closed", name: "Abgenommen" });
    await updateServiceBasics(t.db, id, kbasics, (await row(id)).updated_at, editors.keyuser);
    expect((await row(id)).status).toBe("closed");
    // basics saved again with status closed (the status select is the workflow, no reopen)
    await updateServiceBasics(t.db, id, { ...kbasics, statuspercent: 100 }, (await row(id)).updated_at, editors.keyuser);
    expect((await row(id))).toMatchObject({ status: "closed", statuspercent: 100 });
    // a user may edit the content of an approved service; it returns to open
    await updateServiceRichText(t.db, id, "short_description", "<p>Neu</p>", (await row(id)).updated_at, editors.user);
    expect((await row(id))).toMatchObject({ status: "open", short_description: "<p>Neu</p>" });
  });

  it("a content edit of details reopens an approved service", async () => {
    const id = await addService("closed");
    await updateServiceFields(t.db, id, { costs: "5 €" }, "details", (await row(id)).updated_at, editors.keyuser);
    expect((await row(id)).status).toBe("open");
  });

  it("the save that takes back an approval records the status change in its own history entry; a save that changes nothing keeps it (issue 32 §3)", async () => {
    const id = await addService("closed");
    const latest = async () => (await listActivitiesFor(t.db, "service", id))[0];
    // Saving the same text again changes nothing: still approved, no entry.
    const current = (await row(id)).short_description;
    const entries = async () => (await listActivitiesFor(t.db, "service", id)).length;
    const before = await entries();
    await updateServiceRichText(t.db, id, "short_description", current ?? "", (await row(id)).updated_at, editors.keyuser);
    expect((await row(id)).status).toBe("closed");
    expect(await entries()).toBe(before);
    // A real change: one entry with the field and the status.
    await updateServiceRichText(t.db, id, "short_description", "<p>Geändert</p>", (await row(id)).updated_at, editors.keyuser);
    const entry = await latest();
    expect(JSON.parse(entry.old_values!)).toMatchObject({ status: "closed" });
    expect(JSON.parse(entry.new_values!)).toEqual({ short_description: "<p>Geändert</p>", status: "open" });
    // Relations and required services say it too, once approved again.
    await t.db.updateTable("services").set({ status: "closed" }).where("id", "=", id).execute();
    await setServiceRelations(t.db, id, { owners: [await make.owner()] }, (await row(id)).updated_at, editors.keyuser);
    expect(JSON.parse((await latest()).new_values!)).toMatchObject({ status: "open" });
    await t.db.updateTable("services").set({ status: "closed" }).where("id", "=", id).execute();
    await addDependency(t.db, id, await addService(), (await row(id)).updated_at, editors.keyuser);
    expect(await latest()).toMatchObject({ event: "dependency_added" });
    expect(JSON.parse((await latest()).old_values!)).toEqual({ status: "closed" });
    expect((await row(id)).status).toBe("open");
  });
});

describe("relations and tags", () => {
  it("replace sets, ignore unknown ids, audit old/new", async () => {
    const id = await addService();
    const [o1, o2] = [await make.owner(), await make.owner()];
    const p1 = await make.provider({ name: unique("Provider") });
    const k1 = await make.kpi();
    await setServiceRelations(t.db, id, { owners: [o1, 999_999], providers: [p1], kpis: [k1] }, (await row(id)).updated_at, editors.keyuser);
    let d = (await getServiceDetail(t.db, id))!;
    expect(d.owners.map((o) => o.id)).toEqual([o1]);
    expect(d.providers.map((o) => o.id)).toEqual([p1]);
    expect(d.kpis.map((o) => o.id)).toEqual([k1]);

    const changed = await setServiceRelations(t.db, id, { owners: [o2], providers: [], kpis: [k1] }, (await row(id)).updated_at, editors.keyuser);
    expect(changed.sort()).toEqual(["owners", "providers"]);
    d = (await getServiceDetail(t.db, id))!;
    expect(d.owners.map((o) => o.id)).toEqual([o2]);
    expect(d.providers).toEqual([]);
    expect(d.kpis.map((o) => o.id)).toEqual([k1]);

    const log = (await activities(id)).filter((a) => a.description === "relations");
    expect(log[0]).toMatchObject({ old: { owners: [o1], providers: [p1] }, new: { owners: [o2], providers: [] } });
    expect(log[1]).toMatchObject({ old: { owners: [], providers: [], kpis: [] }, new: { owners: [o1], providers: [p1], kpis: [k1] } });
  });

  it("a new tag is created inline; an existing name is reused case-insensitively", async () => {
    const id = await addService();
    const existing = await make.tag({ name: unique("Cloud") });
    const countTags = async () => Number((await t.db.selectFrom("tags").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    const n0 = await countTags();
    const newTag = unique("Brandneu");
    await setServiceRelations(t.db, id, { tags: [] }, (await row(id)).updated_at, editors.superadmin, { newTag: `  ${newTag}  ` });
    expect(await countTags()).toBe(n0 + 1);
    let d = (await getServiceDetail(t.db, id))!;
    expect(d.tags.map((x) => x.name)).toEqual([newTag]);
    const created = d.tags[0].id;

    const existingName = (await t.db.selectFrom("tags").select("name").where("id", "=", existing).executeTakeFirstOrThrow()).name;
    // Picking an existing tag by name needs no tag permission.
    await setServiceRelations(t.db, id, { tags: [created] }, (await row(id)).updated_at, editors.user, { newTag: existingName.toUpperCase() });
    expect(await countTags()).toBe(n0 + 1);
    d = (await getServiceDetail(t.db, id))!;
    expect(d.tags.map((x) => x.id).sort((a, b) => a - b)).toEqual([existing, created].sort((a, b) => a - b));
    const log = (await activities(id)).filter((a) => a.description === "relations");
    expect(log[0]).toMatchObject({ old: { tags: [created] }, new: { tags: [existing, created].sort((a, b) => a - b) } });
  });
});

describe("relation pickers", () => {
  it("ship the ticked records and at most one page of others, never every record", async () => {
    const prefix = unique("Pickerowner");
    const ids: number[] = [];
    for (let i = 0; i < PICKER_LIMIT * 3; i++) ids.push(await make.owner({ name: `${prefix} ${String(i).padStart(3, "0")}` }));
    const ticked = [ids[70], ids[2]];
    const all = await relationChoices(t.db, "owners", ticked, "");
    expect(all.ticked.map((o) => o.id).sort()).toEqual([...ticked].sort());
    expect(all.candidates).toHaveLength(PICKER_LIMIT);
    expect(all.candidates.some((o) => ticked.includes(o.id))).toBe(false);
    expect(all.total).toBeGreaterThanOrEqual(PICKER_LIMIT * 3);

    // A search narrows the others (case-insensitive substring); the ticked stay.
    const found = await relationChoices(t.db, "owners", ticked, `${prefix.toUpperCase()} 07`);
    expect(found.candidates.map((o) => o.name)).toEqual([...Array(5).keys()].map((i) => `${prefix} 07${i}`).filter((n) => n !== `${prefix} 070`));
    expect(found.ticked).toHaveLength(2);
  });
});

describe("creating a tag inline", () => {
  it("needs the tag screen's permission (admin guard): a user or keyuser gets ForbiddenError and nothing is written", async () => {
    const id = await addService();
    const countTags = async () => Number((await t.db.selectFrom("tags").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    const n0 = await countTags();
    const before = await row(id);
    for (const editor of [editors.user, editors.keyuser]) {
      await expect(setServiceRelations(t.db, id, { tags: [] }, before.updated_at, editor, { newTag: unique("Verboten") })).rejects.toBeInstanceOf(ForbiddenError);
    }
    expect(await countTags()).toBe(n0);
    expect((await row(id)).updated_at).toBe(before.updated_at);
  });
});

describe("dependencies", () => {
  it("a service cannot require itself; requiredBy lists the reverse; removal works; all audited", async () => {
    const a = await addService("open", unique("Abhängig"));
    const b = await addService("open", unique("Basisdienst"));
    const before = await row(a);
    expect(await rejection(addDependency(t.db, a, a, before.updated_at, editors.keyuser))).toBeInstanceOf(InvalidReferenceError);
    expect(await row(a)).toEqual(before);
    expect(await rejection(addDependency(t.db, a, 999_999, before.updated_at, editors.keyuser))).toBeInstanceOf(InvalidReferenceError);
    expect(await row(a)).toEqual(before);

    await addDependency(t.db, a, b, before.updated_at, editors.keyuser);
    expect((await getServiceDetail(t.db, a))!.requires.map((x) => x.id)).toEqual([b]);
    expect((await getServiceDetail(t.db, b))!.requiredBy.map((x) => x.id)).toEqual([a]);
    // adding twice is harmless
    await addDependency(t.db, a, b, null, editors.keyuser);
    expect((await getServiceDetail(t.db, a))!.requires).toHaveLength(1);

    const candidates = await dependencyCandidates(t.db, a, "abhängig");
    expect(candidates.map((c) => c.id)).not.toContain(a);

    await removeDependency(t.db, a, b, (await row(a)).updated_at, editors.keyuser);
    expect((await getServiceDetail(t.db, a))!.requires).toEqual([]);
    expect((await getServiceDetail(t.db, b))!.requiredBy).toEqual([]);
    const log = await activities(a);
    expect(log[0]).toMatchObject({ event: "dependency_removed", old: { required_service_id: b } });
    expect(log.filter((x) => x.event === "dependency_added")[0]).toMatchObject({ new: { required_service_id: b } });
  });

  it("picture set and removed is audited; has_picture follows", async () => {
    const id = await addService();
    await setServicePicture(t.db, id, { data: "iVBORw0KGgo=", mime: "image/png" }, (await row(id)).updated_at, editors.keyuser);
    expect((await getServiceDetail(t.db, id))!.service.has_picture).toBe(true);
    await setServicePicture(t.db, id, null, (await row(id)).updated_at, editors.keyuser);
    expect((await getServiceDetail(t.db, id))!.service.has_picture).toBe(false);
    const log = await activities(id);
    expect(log.map((x) => x.new)).toEqual([{ picture: "removed" }, { picture: "changed" }]);
  });
});
