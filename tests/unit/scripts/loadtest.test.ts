import { describe, expect, it } from "vitest";
import { createService, updateServiceFields } from "~/modules/service/service.server";
import { detailsFormVersion } from "../../../scripts/loadtest-work";
import { verifyAcknowledged } from "../../../scripts/loadtest-verify";
import { factories } from "../../factories";
import { useTestDb } from "../../support/test-db";

// The load test's bookkeeping (scripts/loadtest.ts): it must find a missing write when there is one.
// Runs on SQLite by default and on Postgres with DATABASE_URL=postgres://…

const t = useTestDb();

describe("verifyAcknowledged", () => {
  it("finds every acknowledged write that is in the database and names each one that is not", async () => {
    const make = factories(t.db);
    const user = await make.user("keyuser");
    const catalogueId = await make.catalogue();
    const categoryId = await make.category(catalogueId);
    const created = await createService(t.db, { name: "LT created", categoryId }, user);
    const edited = await createService(t.db, { name: "LT edited", categoryId }, user);
    const v0 = (await t.db.selectFrom("services").select("updated_at").where("id", "=", edited).executeTakeFirstOrThrow()).updated_at;
    await updateServiceFields(t.db, edited, { costs: "LT cost 1" }, "details", v0, user);
    const v1 = (await t.db.selectFrom("services").select("updated_at").where("id", "=", edited).executeTakeFirstOrThrow()).updated_at;
    await updateServiceFields(t.db, edited, { costs: "LT cost 2" }, "details", v1, user);
    await make.owner({ name: "LT owner" });
    await make.term({ term: "LT term" });

    const present = {
      services: [{ id: created, name: "LT created" }],
      edits: [
        { serviceId: edited, marker: "LT cost 1", version: v0 },
        { serviceId: edited, marker: "LT cost 2", version: v1 },
      ],
      basedata: [
        { entity: "owner" as const, name: "LT owner" },
        { entity: "termdefinitions" as const, name: "LT term" },
      ],
    };
    expect(await verifyAcknowledged(t.db, present, new Set())).toEqual({ checked: 5, missing: [] });

    const absent = {
      services: [{ id: created + 1000, name: "LT never" }],
      edits: [{ serviceId: edited, marker: "LT cost 3", version: "9999-01-01T00:00:00.000Z" }],
      basedata: [{ entity: "provider" as const, name: "LT no provider" }],
    };
    const result = await verifyAcknowledged(t.db, absent, new Set());
    expect(result.checked).toBe(3);
    expect(result.missing).toHaveLength(4);
    expect(result.missing.join("\n")).toMatch(/created service .*LT never.*no row/);
    expect(result.missing.join("\n")).toMatch(/LT cost 3.*not in its history/);
    expect(result.missing.join("\n")).toMatch(/holds "LT cost 2", its last acknowledged edit wrote "LT cost 3"/);
    expect(result.missing.join("\n")).toMatch(/provider "LT no provider": no row/);

    // A later edit whose outcome is unknown: the service's final value is not held against it.
    expect((await verifyAcknowledged(t.db, { ...absent, services: [], basedata: [] }, new Set([edited]))).missing).toHaveLength(1);
  });
});

describe("detailsFormVersion", () => {
  it("reads the version the details form carries, not another form's", () => {
    const html =
      '<form method="post"><input type="hidden" name="intent" value="basics"/><input type="hidden" name="updated_at" value="A"/></form>' +
      '<form method="post" action="/x"><input type="hidden" name="intent" value="details"/><input type="hidden" name="updated_at" value="2026-01-01T00:00:00.000Z"/></form>';
    expect(detailsFormVersion(html)).toBe("2026-01-01T00:00:00.000Z");
    expect(detailsFormVersion("<form></form>")).toBeNull();
  });
});
