import { describe, expect, it } from "vitest";
import { answerFields, answerFor, type FormAnswer } from "~/lib/form-answer";
import { resultFor, type ServiceAnswer } from "~/modules/service/types";

// Issue 33 §3: one reader of a refused form. The service page's sections read theirs through it too.

const refused: FormAnswer<{ field?: string; current?: Record<string, unknown> }> = {
  status: "error",
  error: { "": ["service.stale"], name: ["validation.required"], statuspercent: [] },
  initialValue: { name: "", statuspercent: "120", owners: ["3", "4"] },
  target: "basics",
  meta: { current: { name: "Stored" } },
};

describe("answerFields", () => {
  it("gives the first error per field (_form for the whole form) and what was typed, as strings", () => {
    expect(answerFields(refused)).toEqual({
      errors: { _form: "service.stale", name: "validation.required" },
      values: { name: "", statuspercent: "120", owners: "3\n4" },
    });
  });
});

describe("resultFor (the service page's sections)", () => {
  it("is the section's refusal read with answerFields, with the stored values of a stale save", () => {
    expect(resultFor(refused as ServiceAnswer, "basics")).toEqual({ section: "basics", field: undefined, ...answerFields(refused), current: { name: "Stored" } });
    expect(answerFor(refused, "basics")).toBe(refused);
  });

  it("ignores another section's refusal and another rich-text field's", () => {
    expect(resultFor(refused as ServiceAnswer, "details")).toBeUndefined();
    const rich = { ...refused, target: "rich", meta: { field: "content" } } as ServiceAnswer;
    expect(resultFor(rich, "rich", "description")).toBeUndefined();
    expect(resultFor(rich, "rich", "content")?.field).toBe("content");
  });
});
