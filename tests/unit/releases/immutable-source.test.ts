import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Issue 35 §2, in the code itself: no module updates a release's items or contents, and only the
// releases model changes a release's row — its state (withdraw / re-instate), nothing else.

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(file) : /\.(ts|tsx)$/.test(entry.name) ? [file] : [];
  });
}

const files = [...sources("app"), ...sources("migrations"), ...sources("scripts")].map((file) => ({ file, text: fs.readFileSync(file, "utf8") }));

describe("releases are written once", () => {
  it("no code updates release_items or release_contents (Kysely or SQL)", () => {
    const offending = files.filter(({ text }) => /updateTable\(\s*["'`]release_(items|contents)["'`]|update\s+release_(items|contents)\b/i.test(text)).map((f) => f.file);
    expect(offending).toEqual([]);
  });

  it("only the releases model updates a release's row, and only its state columns", () => {
    const updating = files.filter(({ text }) => /updateTable\(\s*["'`]releases["'`]|update\s+releases\b/i.test(text)).map((f) => f.file);
    expect(updating).toEqual([path.join("app", "modules", "releases", "releases.server.ts")]);
    const model = fs.readFileSync(updating[0]!, "utf8");
    const sets = [...model.matchAll(/updateTable\("releases"\)\s*\.set\(\{([^}]*)\}\)/g)].map((m) => m[1]!);
    expect(sets.length).toBe(2);
    const columns = new Set(sets.flatMap((set) => [...set.matchAll(/(\w+):/g)].map((m) => m[1])));
    expect([...columns].sort()).toEqual(["state", "withdrawn_at", "withdrawn_by", "withdrawn_by_name", "withdrawn_reason"]);
  });
});
