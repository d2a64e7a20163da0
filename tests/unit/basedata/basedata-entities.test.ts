import { describe, expect, it } from "vitest";
import {
  CUSTOMER_DATA_FIELDS,
  ENTITIES,
  LONG_TEXT_MAX,
  TEXT_MAX,
  splitList,
  type EntityDef,
  type EntityKey,
} from "~/modules/basedata/entities";
import { recordSchema } from "~/modules/basedata/entity-schema";
import { validateForm } from "~/server/form.server";
import { KEYS } from "../../support/basedata";

/** A complete form of `def` as the browser sends it: every field, as strings, empty when blank. */
function blankForm(def: EntityDef, overrides: Record<string, string> = {}): Record<string, string> {
  return { ...Object.fromEntries(def.fields.map((f) => [f.name, ""])), ...overrides };
}

/** The form as posted, through the same pipeline the base-data actions use. */
function submit(def: { fields: EntityDef["fields"] }, raw: Record<string, string>, present?: ReadonlySet<string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(raw)) form.set(name, value);
  return validateForm(form, recordSchema(def, present), { keepEmpty: true });
}

/** What the form would show: field → first error key, or {} when the input is valid. */
function errorsOf(def: { fields: EntityDef["fields"] }, raw: Record<string, string>, present?: ReadonlySet<string>) {
  const submission = submit(def, raw, present);
  if (submission.status === "success") return {};
  return Object.fromEntries(Object.entries(submission.error ?? {}).map(([name, messages]) => [name, messages?.[0]]));
}

function parse(def: { fields: EntityDef["fields"] }, raw: Record<string, string>, present?: ReadonlySet<string>) {
  const submission = submit(def, raw, present);
  if (submission.status !== "success") throw new Error(`unexpected errors: ${JSON.stringify(submission.error)}`);
  return submission.value as Record<string, unknown>;
}

describe("splitList", () => {
  it("splits on newlines and semicolons, trims, and drops empty parts", () => {
    expect(splitList("Anna\nBen; Carla ;\n\n  Dora  ;;")).toEqual(["Anna", "Ben", "Carla", "Dora"]);
    expect(splitList("Anna\r\nBen")).toEqual(["Anna", "Ben"]);
  });

  it("removes duplicates case-insensitively and keeps the first spelling and the order", () => {
    expect(splitList("Zoe; anna; ANNA\nBen; zoe; Anna")).toEqual(["Zoe", "anna", "Ben"]);
  });

  it("gives an empty list for blank input", () => {
    expect(splitList("")).toEqual([]);
    expect(splitList("  ;\n ; ")).toEqual([]);
  });
});

describe("recordSchema: the name / term", () => {
  for (const key of KEYS) {
    const def = ENTITIES[key];
    const nameField = def.nameField;

    it(`${key}: ${nameField} is required; empty or whitespace gives validation.required`, () => {
      expect(errorsOf(def, blankForm(def))).toEqual({ [nameField]: "validation.required" });
      expect(errorsOf(def, blankForm(def, { [nameField]: "   \t " }))).toEqual({ [nameField]: "validation.required" });
      const missing = blankForm(def);
      delete missing[nameField];
      expect(errorsOf(def, missing)).toEqual({ [nameField]: "validation.required" });
    });

    it(`${key}: ${nameField} is trimmed and limited to ${TEXT_MAX} characters`, () => {
      expect(parse(def, blankForm(def, { [nameField]: "  Alpha Beta  " }))[nameField]).toBe("Alpha Beta");
      expect(parse(def, blankForm(def, { [nameField]: "x".repeat(TEXT_MAX) }))[nameField]).toHaveLength(TEXT_MAX);
      const errors = errorsOf(def, blankForm(def, { [nameField]: "x".repeat(TEXT_MAX + 1) }));
      expect(Object.keys(errors)).toEqual([nameField]);
      expect(errors[nameField]).toMatch(/^validation\.tooLong/);
      expect(errors[nameField]).toContain(`max=${TEXT_MAX}`);
    });

    it(`${key}: empty optional fields become null (lists become [])`, () => {
      const data = parse(def, blankForm(def, { [nameField]: "Only the name" }));
      for (const field of def.fields) {
        if (field.name === nameField) continue;
        expect(data[field.name], field.name).toEqual(field.type === "list" ? [] : null);
      }
      const spaces = parse(def, { ...Object.fromEntries(def.fields.map((f) => [f.name, "   "])), [nameField]: "X" });
      for (const field of def.fields) {
        if (field.name === nameField) continue;
        expect(spaces[field.name], field.name).toEqual(field.type === "list" ? [] : null);
      }
    });
  }
});

describe("recordSchema: provider e-mail and links", () => {
  const provider = ENTITIES.provider;

  it("accepts and trims a valid e-mail", () => {
    expect(parse(provider, blankForm(provider, { name: "P", email_contact: "  sales@provider.example  " })).email_contact).toBe(
      "sales@provider.example"
    );
  });

  it.each(["not-an-email", "a@", "@b.de", "a b@c.de", "javascript:alert(1)"])("rejects e-mail %j with validation.email", (value) => {
    expect(errorsOf(provider, blankForm(provider, { name: "P", email_contact: value }))).toEqual({ email_contact: "validation.email" });
  });

  it("rejects an over-long e-mail with a tooLong key", () => {
    const errors = errorsOf(provider, blankForm(provider, { name: "P", email_contact: `${"a".repeat(250)}@example.com` }));
    expect(errors.email_contact).toMatch(/^validation\.tooLong/);
  });

  const urlFields: [EntityKey, string][] = [
    ["provider", "website_link"],
    ["termdefinitions", "link"],
  ];
  for (const [key, field] of urlFields) {
    const def = ENTITIES[key];
    const nameField = def.nameField;

    it(`${key}.${field}: accepts http and https links, trimmed`, () => {
      expect(parse(def, blankForm(def, { [nameField]: "N", [field]: " https://example.com/path?q=1 " }))[field]).toBe(
        "https://example.com/path?q=1"
      );
      expect(parse(def, blankForm(def, { [nameField]: "N", [field]: "http://intranet.example" }))[field]).toBe("http://intranet.example");
    });

    it.each(["javascript:alert(1)", "ftp://x", "data:text/html,<script>alert(1)</script>", "example.com", "mailto:a@b.de"])(
      `${key}.${field}: rejects %j with validation.url`,
      (value) => {
        expect(errorsOf(def, blankForm(def, { [nameField]: "N", [field]: value }))).toEqual({ [field]: "validation.url" });
      }
    );

    it(`${key}.${field}: rejects an over-long link with a tooLong key`, () => {
      const errors = errorsOf(def, blankForm(def, { [nameField]: "N", [field]: `https://example.com/${"a".repeat(2000)}` }));
      expect(errors[field]).toMatch(/^validation\.tooLong/);
    });
  }
});

describe("recordSchema: text lengths", () => {
  it("rejects too-long short text and too-long long text with tooLong keys naming the limit", () => {
    const provider = ENTITIES.provider;
    const short = errorsOf(provider, blankForm(provider, { name: "P", city: "c".repeat(TEXT_MAX + 1) }));
    expect(short).toEqual({ city: `validation.tooLong|max=${TEXT_MAX}` });
    expect(parse(provider, blankForm(provider, { name: "P", description: "d".repeat(LONG_TEXT_MAX) })).description).toHaveLength(
      LONG_TEXT_MAX
    );
    const long = errorsOf(provider, blankForm(provider, { name: "P", description: "d".repeat(LONG_TEXT_MAX + 1) }));
    expect(long).toEqual({ description: `validation.tooLong|max=${LONG_TEXT_MAX}` });
  });

  it("trims long text but keeps its inner line breaks", () => {
    const kpis = ENTITIES.kpis;
    expect(parse(kpis, blankForm(kpis, { name: "K", definition: "  line one\nline two \n" })).definition).toBe("line one\nline two");
  });
});

describe("recordSchema: owner representatives (list field)", () => {
  const owner = ENTITIES.owner;

  it("parses the list with splitList: newline and ';' separators, trimmed, de-duplicated, in order", () => {
    expect(parse(owner, { name: "O", representatives: " Zoe ; anna\nBen;ANNA\n\nzoe " }).representatives).toEqual(["Zoe", "anna", "Ben"]);
  });

  it("rejects a representative name longer than the text limit", () => {
    const errors = errorsOf(owner, { name: "O", representatives: `Ok\n${"r".repeat(TEXT_MAX + 1)}` });
    expect(Object.keys(errors)).toHaveLength(1);
    expect(Object.keys(errors)[0]).toMatch(/^representatives/);
    expect(Object.values(errors)[0]).toMatch(/^validation\.tooLong/);
  });

  it("rejects an over-long list as a whole", () => {
    const errors = errorsOf(owner, { name: "O", representatives: "a;".repeat(LONG_TEXT_MAX) });
    expect(errors.representatives).toMatch(/^validation\.tooLong/);
  });
});

describe("recordSchema: partial (entry row)", () => {
  const provider = ENTITIES.provider;

  it("validates and returns only the present fields plus the required name", () => {
    const present = new Set(["name", "city"]);
    const data = parse(provider, { name: " P ", city: " Berlin ", email_contact: "not-an-email", website_link: "ftp://x" }, present);
    expect(data).toEqual({ name: "P", city: "Berlin" });
  });

  it("still reports errors of present fields", () => {
    const present = new Set(["name", "email_contact"]);
    expect(errorsOf(provider, { name: "P", email_contact: "nope" }, present)).toEqual({ email_contact: "validation.email" });
  });

  it("always requires the name, even when it was not sent", () => {
    expect(errorsOf(provider, { city: "Berlin" }, new Set(["city"]))).toEqual({ name: "validation.required" });
  });

  it("an owner entry row without representatives leaves them out instead of emptying them", () => {
    const data = parse(ENTITIES.owner, { name: "O" }, new Set(["name"]));
    expect(data).toEqual({ name: "O" });
    expect("representatives" in data).toBe(false);
  });
});

describe("recordSchema: customer data", () => {
  it("has no required field: an empty form gives all nulls, values are trimmed", () => {
    const def = { fields: CUSTOMER_DATA_FIELDS };
    const empty = Object.fromEntries(CUSTOMER_DATA_FIELDS.map((f) => [f.name, ""]));
    expect(parse(def, empty)).toEqual(Object.fromEntries(CUSTOMER_DATA_FIELDS.map((f) => [f.name, null])));
    expect(parse(def, { ...empty, company: "  ACME GmbH " }).company).toBe("ACME GmbH");
  });
});
