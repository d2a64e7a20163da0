import i18next, { type TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { serverConfig as i18nConfig } from "~/i18n/i18next.server";
import { historyDiff, withWordDiffs } from "~/ui/history/history-diff.server";
import { historyLabel, historyValue, isShownField, markupToText } from "~/ui/history/history-values";

const instances: Record<string, { t: TFunction; exists: (key: string) => boolean }> = {};

beforeAll(async () => {
  for (const lng of ["de", "en"]) {
    const i18n = i18next.createInstance();
    await i18n.init({ ...i18nConfig, lng });
    instances[lng] = { t: i18n.t.bind(i18n), exists: (key) => i18n.exists(key) };
  }
});

describe("history values in the reader's language", () => {
  it("shows flags as Ja/Nein and Yes/No, never true/false or 1/0", () => {
    expect(historyValue("client", true, instances.de.t, "de")).toBe("Ja");
    expect(historyValue("it", false, instances.de.t, "de")).toBe("Nein");
    expect(historyValue("servicechangeplanned", 1, instances.en.t, "en")).toBe("Yes");
    expect(historyValue("customerspecific", 0, instances.en.t, "en")).toBe("No");
  });

  it("shows costs as money", () => {
    expect(historyValue("costs", 12.5, instances.de.t, "de")).toBe("12,50\u00a0€");
    expect(historyValue("costs", 1234.5, instances.en.t, "en")).toBe("€1,234.50");
  });

  it("shows status and type translated, dates as day.month.year, rich text as text", () => {
    expect(historyValue("status", "closed", instances.en.t, "en")).not.toBe("closed");
    expect(historyValue("servicetype", "it", instances.de.t, "de")).not.toBe("it");
    expect(historyValue("deleted_at", "2026-03-04T10:20:00.000Z", instances.de.t, "de")).toMatch(/^04\.03\.2026/);
    const text = historyValue("description", "<p>Erster <strong>Absatz</strong></p><p>Zweiter &amp; letzter</p>", instances.de.t, "de");
    expect(text).toBe("Erster Absatz\nZweiter & letzter");
    expect(text).not.toMatch(/[<>]/);
  });

  it("hides bookkeeping (positions, ids, timestamps) and labels every other field without its column name", () => {
    for (const key of ["pos", "position", "id", "updated_at", "picture_mime"]) expect(isShownField(key)).toBe(false);
    const { t, exists } = instances.de;
    const keys = ["client", "it", "costs", "art_nr", "url", "picture", "name", "description", "status", "category_id", "required_service_id", "representatives"];
    for (const key of keys) {
      const label = historyLabel(t, exists, key);
      expect(label, key).toBeTruthy();
      expect(label, key).not.toBe(key);
    }
    // The form's upload hint is not a history label.
    expect(historyLabel(t, exists, "picture", () => "Bild (JPG oder PNG, höchstens 2 MB)")).toBe("Bild");
    expect(historyLabel(instances.en.t, instances.en.exists, "client")).toBe("Customer");
  });

  it("reads a user's changes: roles translated, flags and counts labelled", () => {
    expect(historyValue("role", "keysuperuser", instances.de.t, "de")).toBe("Admin");
    expect(historyValue("role", "keyuser", instances.en.t, "en")).not.toBe("keyuser");
    expect(historyValue("word_export", true, instances.de.t, "de")).toBe("Ja");
    const { t, exists } = instances.en;
    for (const key of ["role", "email", "sessions_ended", "word_export", "azure_user", "category", "service", "categories_added"]) {
      const label = historyLabel(t, exists, key);
      expect(label, key).toBeTruthy();
      expect(label, key).not.toBe(key);
    }
  });
});

describe("a change of a long text", () => {
  it("is a word diff of the text, without markup", () => {
    const parts = historyDiff("description", "<p>Der Dienst läuft werktags.</p>", "<p>Der Dienst läuft <em>täglich</em>.</p>")!;
    expect(parts.filter((p) => p.change === "removed").map((p) => p.text.trim())).toEqual(["werktags"]);
    expect(parts.filter((p) => p.change === "added").map((p) => p.text.trim())).toEqual(["täglich"]);
    expect(parts.map((p) => p.text).join("")).not.toMatch(/[<>]/);
  });

  it("is not used for short plain values or when one side is empty", () => {
    expect(historyDiff("name", "Alt", "Neu")).toBeNull();
    expect(historyDiff("description", null, "<p>Neu</p>")).toBeNull();
    expect(markupToText("<ul><li>a</li><li>b</li></ul>")).toBe("a\nb");
  });

  it("comes with the activity from the server, for the changed long texts only", () => {
    const activity = withWordDiffs({
      old_values: JSON.stringify({ name: "Alt", description: "<p>Der Dienst läuft werktags.</p>", status: "open" }),
      new_values: JSON.stringify({ name: "Neu", description: "<p>Der Dienst läuft täglich.</p>", status: "open" }),
    });
    expect(Object.keys(activity.diffs!)).toEqual(["description"]);
    expect(activity.diffs!.description.filter((p) => p.change === "added").map((p) => p.text.trim())).toEqual(["täglich"]);
    expect(withWordDiffs({ old_values: null, new_values: JSON.stringify({ description: "<p>Neu</p>" }) }).diffs).toEqual({});
  });
});
