import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MAX_ID, parseCatalogueId, parseId, parseIdList } from "~/lib/ids";
import { RelationsSchema, TagsSchema, DependencySchema } from "~/modules/service/service-sections";
import { referencesOr400, validateForm } from "~/server/form.server";
import { idOr404 } from "~/server/ids.server";
import { idList } from "~/ui/form/fields";

// Issue 33 §3: one reading of ids for every route and form. A bad id is a 404 or a refused form —
// never a query with it (on Postgres an id beyond the integer column is an error, a 500).

/** Values an attacker or a broken link puts where an id belongs. */
const NOT_IDS = ["", " ", "0", "-1", "1e3", "0x10", " 7", "7 ", "1.0", "1,2", "abc", "２", "NaN", "Infinity", String(MAX_ID + 1), "99999999999", "9".repeat(400)];

function status(fn: () => unknown): number | "no refusal" {
  try {
    fn();
  } catch (error) {
    if (error instanceof Response) return error.status;
    throw error;
  }
  return "no refusal";
}

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("idOr404 / parseId", () => {
  it("reads an id written in digits within the database's integer range", () => {
    expect(idOr404("7")).toBe(7);
    expect(idOr404("007")).toBe(7);
    expect(idOr404(String(MAX_ID))).toBe(MAX_ID);
  });

  it.each([...NOT_IDS, undefined, null])("answers 404 for %j, never a 500", (raw) => {
    expect(status(() => idOr404(raw))).toBe(404);
    expect(parseId(raw)).toBeNull();
  });

  it("knows the static catalogue (-1) as a catalogue, and no other number below 1", () => {
    expect(parseCatalogueId("-1")).toBe(-1);
    expect(parseCatalogueId("12")).toBe(12);
    expect(parseCatalogueId("-2")).toBeNull();
    expect(parseCatalogueId("0")).toBeNull();
  });
});

describe("parseIdList (URL lists, read leniently)", () => {
  it("reads repeated values and comma lists, each id once, in order, dropping what is no id", () => {
    expect(parseIdList(["3", "7,3", "abc", "1e3", "-1", "", "99999999999", " 9 "])).toEqual([3, 7, 9]);
    expect(parseIdList("5,6")).toEqual([5, 6]);
    expect(parseIdList(null)).toEqual([]);
  });
});

describe("idList in a form schema (posted ticks, read strictly)", () => {
  const Schema = z.object({ service: idList() });

  it("reads one, several or no ticks", () => {
    expect(validateForm(form([["service", "4"]]), Schema)).toMatchObject({ status: "success", value: { service: [4] } });
    expect(validateForm(form([["service", "4"], ["service", "5"], ["service", "4"]]), Schema)).toMatchObject({ status: "success", value: { service: [4, 5] } });
    expect(validateForm(form([]), Schema)).toMatchObject({ status: "success", value: { service: [] } });
  });

  // A posted value is trimmed (" 7" is 7); everything else that is no id refuses the form.
  it.each(NOT_IDS.filter((v) => v.trim() !== "" && parseId(v.trim()) === null))("refuses a tick %j with the translated 'not a valid choice' key", (bad) => {
    const submission = validateForm(form([["service", "4"], ["service", bad]]), Schema);
    expect(submission.status).toBe("error");
    expect(JSON.stringify(submission.reply().error)).toContain("validation.invalidChoice");
  });
});

describe("the service page's pickers refuse what they did not offer", () => {
  // Before issue 33 these posts were parsed by hand and "abc" was dropped silently: the save went through.
  it("refuses a relation or tag that is no id", () => {
    expect(validateForm(form([["owners", "3"], ["owners", "abc"]]), RelationsSchema).status).toBe("error");
    expect(validateForm(form([["tags", "1e3"]]), TagsSchema).status).toBe("error");
    expect(validateForm(form([["owners", "3"], ["kpis", "4"]]), RelationsSchema)).toMatchObject({ status: "success", value: { owners: [3], providers: [], kpis: [4] } });
  });

  it("refuses a dependency on an id beyond the database's range beside its field", () => {
    const submission = validateForm(form([["required", "99999999999"]]), DependencySchema);
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({ required: ["service.errors.unknownService"] });
  });
});

describe("referencesOr400", () => {
  it("answers 400 for a post that names no row", () => {
    const Row = z.object({ row: z.string().regex(/^\d+$/) });
    expect(status(() => referencesOr400(form([["row", "x"]]), Row))).toBe(400);
    expect(referencesOr400(form([["row", "12"]]), Row)).toEqual({ row: "12" });
  });
});
