import { beforeAll, describe, expect, it } from "vitest";
import { listActivitiesFor } from "~/server/audit.server";
import { NotFoundError, StaleRecordError, ValidationError } from "~/server/errors.server";
import { readFrame, readFrameCore } from "~/modules/catalogframe/frame-read.server";
import {
  addFrameRow,
  moveFrameRow,
  removeFrameRow,
  setFramePicture,
  setKeyFigures,
  updateFrameBasics,
  updateFrameRow,
} from "~/modules/catalogframe/frame.server";
import { factories, type TestUser } from "../../factories";
import { rejection } from "../../support/rejection";
import { useTestDb } from "../../support/test-db";

/** The catalogue frame's own fields (issue 17 §2) on a real database (SQLite, or Postgres via DATABASE_URL). */
const t = useTestDb();
const make = factories(() => t.db);
let admin: TestUser;

beforeAll(async () => {
  admin = await make.user("superadmin");
});

const version = async (catalogueId: number) => (await readFrameCore(t.db, catalogueId)).updatedAt ?? "";
const priority = (name: string) => ({ name, description: `${name}: Beschreibung`, impact_example: `${name}: Beispiel` });

describe("frame fields", () => {
  it("a catalogue without a frame gets one on its first save; the intro is sanitised; a stale save changes nothing", async () => {
    const catalogueId = await make.catalogue();
    expect((await readFrame(t.db, catalogueId)).updatedAt).toBeNull();
    expect(await updateFrameBasics(t.db, catalogueId, { title: " Deckblatt ", introduction: '<p>Hallo<script>x()</script></p>' }, "", admin)).toBe(true);
    const first = await readFrameCore(t.db, catalogueId);
    expect(first).toMatchObject({ title: "Deckblatt", introduction: "<p>Hallo</p>" });
    // The form of a second admin, loaded before the first save, is stale.
    expect(await rejection(updateFrameBasics(t.db, catalogueId, { title: "Anders", introduction: null }, "", admin))).toBeInstanceOf(StaleRecordError);
    expect(await rejection(addFrameRow(t.db, catalogueId, "priorities", priority("P1"), "2020-01-01T00:00:00.000Z", admin))).toBeInstanceOf(StaleRecordError);
    expect(await readFrameCore(t.db, catalogueId)).toEqual(first);
    // The same values again: nothing changes, not even the version.
    expect(await updateFrameBasics(t.db, catalogueId, { title: "Deckblatt", introduction: "<p>Hallo</p>" }, first.updatedAt!, admin)).toBe(false);
    const events = (await listActivitiesFor(t.db, "catalog_frame", catalogueId)).reverse();
    expect(events.map((e) => e.event)).toEqual(["created"]);
    expect(JSON.parse(events[0].new_values!)).toEqual({ title: "Deckblatt", introduction: "<p>Hallo</p>" });
  });

  it("unknown catalogue: not found", async () => {
    expect(await rejection(updateFrameBasics(t.db, 987_654, { title: "x", introduction: null }, "", admin))).toBeInstanceOf(NotFoundError);
  });

  it("rows are added, edited, moved and removed; a row with an empty field is refused with the spec's message", async () => {
    const catalogueId = await make.catalogue();
    await addFrameRow(t.db, catalogueId, "priorities", priority("Hoch"), await version(catalogueId), admin);
    await addFrameRow(t.db, catalogueId, "priorities", priority("Mittel"), await version(catalogueId), admin);
    await addFrameRow(t.db, catalogueId, "priorities", priority("Niedrig"), await version(catalogueId), admin);
    const before = await version(catalogueId);
    const refused = await rejection(addFrameRow(t.db, catalogueId, "priorities", { ...priority("Leer"), impact_example: "  " }, before, admin));
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).errors).toEqual({ _form: "catalogframe.errors.allFields" });
    expect(await version(catalogueId)).toBe(before);

    await moveFrameRow(t.db, catalogueId, "priorities", 2, "up", await version(catalogueId), admin);
    expect((await readFrameCore(t.db, catalogueId)).priorities.map((p) => p.name)).toEqual(["Hoch", "Niedrig", "Mittel"]);
    await moveFrameRow(t.db, catalogueId, "priorities", 0, { to: 2 }, await version(catalogueId), admin);
    expect((await readFrameCore(t.db, catalogueId)).priorities.map((p) => p.name)).toEqual(["Niedrig", "Mittel", "Hoch"]);
    // At the top already: nothing to write.
    expect(await moveFrameRow(t.db, catalogueId, "priorities", 0, "up", await version(catalogueId), admin)).toBe(false);
    await updateFrameRow(t.db, catalogueId, "priorities", 1, priority("Normal"), await version(catalogueId), admin);
    await removeFrameRow(t.db, catalogueId, "priorities", 0, await version(catalogueId), admin);
    expect((await readFrameCore(t.db, catalogueId)).priorities).toEqual([priority("Normal"), priority("Hoch")]);
    expect(await rejection(removeFrameRow(t.db, catalogueId, "priorities", 5, await version(catalogueId), admin))).toBeInstanceOf(NotFoundError);

    await addFrameRow(t.db, catalogueId, "solutionTimes", { priority: "Hoch", reaction_time: "30 min", solution_time: "4 h", comment: "werktags" }, await version(catalogueId), admin);
    await addFrameRow(t.db, catalogueId, "deploymentTimes", { name: "Notebook", deployment_time: "5 Tage", comment: "ab Lager", extra: "ignored" }, await version(catalogueId), admin);
    const frame = await readFrameCore(t.db, catalogueId);
    expect(frame.solutionTimes).toEqual([{ priority: "Hoch", reaction_time: "30 min", solution_time: "4 h", comment: "werktags" }]);
    expect(frame.deploymentTimes).toEqual([{ name: "Notebook", deployment_time: "5 Tage", comment: "ab Lager" }]);
    const last = (await listActivitiesFor(t.db, "catalog_frame", catalogueId))[0];
    expect(JSON.parse(last.new_values!)).toEqual({ deployment_times: [{ name: "Notebook", deployment_time: "5 Tage", comment: "ab Lager" }] });
  });

  it("key figures: the 14 names only; emptied ones are removed", async () => {
    const catalogueId = await make.catalogue();
    await setKeyFigures(t.db, catalogueId, { service_time: "Mo–Fr 7–18 Uhr", backup: " täglich ", unknown: "x" }, "", admin);
    expect((await readFrameCore(t.db, catalogueId)).keyFigures).toEqual({ service_time: "Mo–Fr 7–18 Uhr", backup: "täglich" });
    await setKeyFigures(t.db, catalogueId, { service_time: "", backup: "täglich" }, await version(catalogueId), admin);
    expect((await readFrameCore(t.db, catalogueId)).keyFigures).toEqual({ backup: "täglich" });
    expect(await setKeyFigures(t.db, catalogueId, { backup: "täglich" }, await version(catalogueId), admin)).toBe(false);
  });

  it("the picture is set and removed; the audit says only that it changed", async () => {
    const catalogueId = await make.catalogue();
    await setFramePicture(t.db, catalogueId, { data: "iVBORw0KGgo=", mime: "image/png" }, "", admin);
    const frame = await readFrameCore(t.db, catalogueId);
    expect(frame.picture).toEqual({ mime: "image/png", version: frame.updatedAt });
    await setFramePicture(t.db, catalogueId, null, frame.updatedAt!, admin);
    expect((await readFrameCore(t.db, catalogueId)).picture).toBeNull();
    const events = (await listActivitiesFor(t.db, "catalog_frame", catalogueId)).reverse();
    expect(events.map((e) => JSON.parse(e.new_values!))).toEqual([{ picture: "changed" }, { picture: "removed" }]);
  });
});
