import { describe, expect, it } from "vitest";
import { PrefsSchema } from "~/modules/settings/prefs-schema";
import { validateForm } from "~/server/form.server";

function submit(entries: [string, string][]) {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  const submission = validateForm(form, PrefsSchema, { keepEmpty: true });
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
  return submission.value;
}

describe("the preferences form", () => {
  it("gives a checkbox's meaning to a hidden false followed by the box's true", () => {
    expect(submit([["expandOnHover", "false"], ["expandOnHover", "true"]]).expandOnHover).toBe(true);
    expect(submit([["expandOnHover", "false"]]).expandOnHover).toBe(false);
  });

  it("leaves fields that were not sent undefined, so the stored value is kept", () => {
    const value = submit([["subviewAreas", "true"]]);
    expect(value.subviewAreas).toBe(true);
    expect(value.showWholeDrawer).toBeUndefined();
    expect(value.subviewServices).toBeUndefined();
  });

  it("reads anything but \"true\" as off and keeps the return path as sent", () => {
    const value = submit([["showWholeDrawer", "yes"], ["redirectTo", "/servicecatalog?view=tree"], ["notify", "true"]]);
    expect(value.showWholeDrawer).toBe(false);
    expect(value.redirectTo).toBe("/servicecatalog?view=tree");
    expect(value.notify).toBe(true);
  });
});
