import { describe, expect, it } from "vitest";
import { currentApiKey, isActiveApiKey, rotateApiKey } from "~/modules/settings/api-keys.server";
import { listActivitiesFor } from "~/server/audit.server";
import { factories } from "../../factories";
import { useTestDb } from "../../support/test-db";

/** The API key (issue 16 §3): stored hashed, one active, rotation revokes the old one at once. */
const t = useTestDb();
const make = factories(() => t.db);

describe("API keys", () => {
  it("start with none; a new key works, is stored only as a hash, and is named by its prefix", async () => {
    expect(await currentApiKey(t.db)).toBeNull();
    const admin = await make.user("superadmin");
    const key = await rotateApiKey(t.db, admin);
    expect(key).toMatch(/^shk_[A-Za-z0-9_-]{43}$/);
    expect(await isActiveApiKey(t.db, key)).toBe(true);
    const rows = await t.db.selectFrom("api_keys").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(key.slice(12));
    expect((await currentApiKey(t.db))?.prefix).toBe(key.slice(0, 12));
    const [activity] = await listActivitiesFor(t.db, "api_key", key.slice(0, 12));
    expect(activity).toMatchObject({ event: "api_key_created", causer_id: admin.id });
    expect(activity.new_values).not.toContain(key.slice(12));
  });

  it("a rotation stops the old key at once", async () => {
    const admin = await make.user("keysuperuser");
    const old = await rotateApiKey(t.db, admin);
    const fresh = await rotateApiKey(t.db, admin);
    expect(await isActiveApiKey(t.db, old)).toBe(false);
    expect(await isActiveApiKey(t.db, fresh)).toBe(true);
    expect(await t.db.selectFrom("api_keys").select("id").where("revoked_at", "is", null).execute()).toHaveLength(1);
  });

  it("refuses anything that is not the active key", async () => {
    for (const presented of [null, undefined, "", "shk_", "not-a-key", `shk_${"x".repeat(500)}`]) expect(await isActiveApiKey(t.db, presented)).toBe(false);
  });
});
