import { describe, expect, it } from "vitest";
import { berlinLocalToIso, comparePatchNotes, isMessageActive, isoToBerlinLocal, pagerOf, patchDateInput, patchDateOf, patchDay } from "~/modules/systeminfo/rules";
import { PatchNoteSchema, SystemMessageSchema } from "~/modules/systeminfo/systeminfo-schema";
import { validateForm } from "~/server/form.server";

/** The rules of version, patch notes and system messages (spec 01 §2, §4, §5). */

describe("patchDay: the date shown is the part of patch_date before the first space", () => {
  it.each([
    ["2026-11-20 10:00", "2026-11-20"],
    ["2026-11-20 10:00:00 UTC", "2026-11-20"],
    ["2026-11-20", "2026-11-20"],
    ["  2026-11-20 10:00 ", "2026-11-20"],
    ["20.11.2026 morgens", "20.11.2026"],
    ["", ""],
    [null, ""],
    [undefined, ""],
  ])("%j → %j", (input, day) => {
    expect(patchDay(input)).toBe(day);
  });
});

describe("isMessageActive: shown only while an expiration date is set and not in the past", () => {
  const now = new Date("2026-06-01T12:00:00.000Z");
  it("no expiration date: never shown", () => {
    expect(isMessageActive(null, now)).toBe(false);
    expect(isMessageActive(undefined, now)).toBe(false);
    expect(isMessageActive("", now)).toBe(false);
  });
  it("in the past: not shown", () => {
    expect(isMessageActive("2026-06-01T11:59:59.999Z", now)).toBe(false);
    expect(isMessageActive("2020-01-01T00:00:00.000Z", now)).toBe(false);
  });
  it("now or in the future: shown", () => {
    expect(isMessageActive("2026-06-01T12:00:00.000Z", now)).toBe(true);
    expect(isMessageActive("2026-06-01T12:00:00.001Z", now)).toBe(true);
    expect(isMessageActive("2099-01-01T00:00:00.000Z", now)).toBe(true);
  });
  it("an unreadable date counts as none", () => {
    expect(isMessageActive("soon", now)).toBe(false);
  });
});

describe("comparePatchNotes: newest first by patch_date, then the later id; none last", () => {
  it("orders", () => {
    const notes = [
      { id: 1, patch_date: "2026-01-10 09:00" },
      { id: 2, patch_date: null },
      { id: 3, patch_date: "2026-03-01 08:00" },
      { id: 4, patch_date: "2026-01-10 09:00" },
      { id: 5, patch_date: "2026-01-10 10:00" },
    ];
    expect([...notes].sort(comparePatchNotes).map((n) => n.id)).toEqual([3, 5, 4, 1, 2]);
  });
});

describe("pagerOf: Previous only above index 0, Next only below the last index", () => {
  it("at the first, in between, at the last, alone", () => {
    expect(pagerOf(0, 3)).toEqual({ index: 0, hasPrevious: false, hasNext: true, counter: "1 / 3" });
    expect(pagerOf(1, 3)).toEqual({ index: 1, hasPrevious: true, hasNext: true, counter: "2 / 3" });
    expect(pagerOf(2, 3)).toEqual({ index: 2, hasPrevious: true, hasNext: false, counter: "3 / 3" });
    expect(pagerOf(0, 1)).toEqual({ index: 0, hasPrevious: false, hasNext: false, counter: "1 / 1" });
  });
  it("clamps an index out of range and has no counter without notes", () => {
    expect(pagerOf(9, 3).index).toBe(2);
    expect(pagerOf(-1, 3).index).toBe(0);
    expect(pagerOf(0, 0)).toEqual({ index: 0, hasPrevious: false, hasNext: false, counter: "" });
  });
});

describe("Berlin time for the expiration date (datetime-local)", () => {
  it("winter (UTC+1) and summer (UTC+2)", () => {
    expect(berlinLocalToIso("2026-01-15T10:00")).toBe("2026-01-15T09:00:00.000Z");
    expect(berlinLocalToIso("2026-07-15T10:00")).toBe("2026-07-15T08:00:00.000Z");
    expect(berlinLocalToIso("2026-12-31T23:30")).toBe("2026-12-31T22:30:00.000Z");
  });
  it("around the daylight-saving switches", () => {
    // 29 March 2026, 02:00 → 03:00: 02:30 does not exist; 03:30 is summer time.
    expect(berlinLocalToIso("2026-03-29T01:30")).toBe("2026-03-29T00:30:00.000Z");
    expect(berlinLocalToIso("2026-03-29T02:30")).toBeNull();
    expect(berlinLocalToIso("2026-03-29T03:30")).toBe("2026-03-29T01:30:00.000Z");
    // 25 October 2026, 03:00 → 02:00: an hour that exists twice resolves to one of them.
    expect(["2026-10-25T00:30:00.000Z", "2026-10-25T01:30:00.000Z"]).toContain(berlinLocalToIso("2026-10-25T02:30"));
  });
  it("refuses what is not a datetime-local value", () => {
    for (const bad of ["", "2026-02-30T10:00", "2026-13-01T10:00", "2026-01-01T24:00", "2026-01-01", "tomorrow"]) expect(berlinLocalToIso(bad)).toBeNull();
  });
  it("round-trips to the input's value", () => {
    for (const local of ["2026-01-15T10:00", "2026-07-15T23:59", "2026-03-29T03:00"]) expect(isoToBerlinLocal(berlinLocalToIso(local))).toBe(local);
    expect(isoToBerlinLocal(null)).toBe("");
    expect(isoToBerlinLocal("nonsense")).toBe("");
  });
  it("the patch date is stored as entered, with a space", () => {
    expect(patchDateOf("2026-11-20T10:00")).toBe("2026-11-20 10:00");
    expect(patchDateInput("2026-11-20 10:00")).toBe("2026-11-20T10:00");
    expect(patchDateInput("irgendwann")).toBe("");
  });
});

describe("the forms' schemas", () => {
  it("a patch note needs headline, version and a date", () => {
    const bad = PatchNoteSchema.safeParse({ headline: " ", version: "", patch_date: "2026-02-30T10:00" });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["headline", "version", "patch_date"]));
    expect(PatchNoteSchema.parse({ headline: " Release ", version: "1.2.0", patch_date: "2026-11-20T10:00" })).toEqual({ headline: "Release", version: "1.2.0", patch_date: "2026-11-20T10:00", text: "" });
  });
  it("a system message's expiration date is optional but must be a date when given", () => {
    expect(SystemMessageSchema.parse({ headline: "Wartung" })).toEqual({ headline: "Wartung", text: "" });
    expect(SystemMessageSchema.safeParse({ headline: "Wartung", expiration_date: "bald" }).success).toBe(false);
  });
  it("an emptied text is saved as empty through the form pipeline (it was refused with zod's untranslated message)", () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ headline: "Wartung", version: "1.0", patch_date: "2026-11-20T10:00", text: "" })) form.set(key, value);
    const note = validateForm(form, PatchNoteSchema);
    expect(note.status).toBe("success");
    expect(note.status === "success" && note.value.text).toBe("");
    expect(validateForm(form, SystemMessageSchema).status).toBe("success");
  });
});
