import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A migration that has landed has run on someone's database: changing it (or a helper it
 * imports) would give new databases a different schema from old ones. migrations/checksums.json
 * records every landed file; a change fails here. New behaviour goes into a new migration, a new
 * helper goes into a new file (migrations/lib/columns-v2.ts, …), and a new file's checksum is
 * recorded when it lands.
 */
const DIR = path.resolve("migrations");
const recorded = JSON.parse(fs.readFileSync(path.join(DIR, "checksums.json"), "utf8")) as Record<string, string>;

function sha256(file: string) {
  return crypto.createHash("sha256").update(fs.readFileSync(path.join(DIR, file), "utf8").replace(/\r\n/g, "\n")).digest("hex");
}

const files = [
  ...fs.readdirSync(DIR).filter((f) => f.endsWith(".ts")),
  ...fs.readdirSync(path.join(DIR, "lib")).filter((f) => f.endsWith(".ts")).map((f) => `lib/${f}`),
].sort();

describe("landed migrations and their helpers are frozen", () => {
  it.each(files)("%s is recorded and unchanged", (file) => {
    expect(recorded[file], `new file: record it in migrations/checksums.json as "${file}": "${sha256(file)}"`).toBeDefined();
    expect(sha256(file), `${file} changed after it landed: add a new migration (or helper file) instead`).toBe(recorded[file]);
  });

  it("no recorded file was deleted", () => {
    expect(Object.keys(recorded).filter((f) => !files.includes(f))).toEqual([]);
  });
});
