import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { OPENAPI_DOCUMENT } from "~/modules/api/openapi";

/** The catalogue API's OpenAPI document is valid OpenAPI 3.1, and every path the app serves is in it. */
describe("OpenAPI document", () => {
  it("validates against the OpenAPI 3.1 schema", async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(OPENAPI_DOCUMENT)));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("describes every API route that needs a key, and its refusals", async () => {
    const fs = await import("node:fs");
    const keyed = fs
      .readdirSync("app/routes")
      .filter((f) => f.startsWith("api.") && /catalogue-api.server|release-api.server/.test(fs.readFileSync(`app/routes/${f}`, "utf8")))
      .map((f) => "/" + f.replace(/\.tsx$/, "").replace(/_\./g, ".").replace(/\./g, "/").replace(/\$(\w+)/g, "{$1}"));
    expect(keyed.length).toBeGreaterThanOrEqual(7);
    for (const path of keyed) {
      const operation = (OPENAPI_DOCUMENT.paths as Record<string, { get: { responses: Record<string, unknown> } }>)[path];
      expect(operation, path).toBeDefined();
      expect(Object.keys(operation.get.responses), path).toEqual(expect.arrayContaining(["200", "401", "429"]));
    }
  });
});
