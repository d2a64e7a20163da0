import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { berlinZone } from "~/modules/contract/contract";
import { CONTRACT_KEY, ContractAlreadyAcceptedError, acceptContract, contractStatusOrUnknown, readContractStatus } from "~/modules/contract/contract.server";
import type { Executor } from "~/server/audit.server";
import { ValidationError } from "~/server/errors.server";
import { factories, type TestUser } from "../../factories";
import { useTestDb } from "../../support/test-db";

/** The contract status (issue 16 §4, spec 01 §3–§5): read, accept once, unknown when unreadable. */
const t = useTestDb();
let admin: TestUser;
let other: TestUser;

beforeAll(async () => {
  admin = await factories(t.db).user("superadmin", { name: "Contract Admin" });
  other = await factories(t.db).user("keysuperuser", { name: "Second Admin" });
});
beforeEach(async () => {
  await t.db.deleteFrom("settings").where("key", "=", CONTRACT_KEY).execute();
  await t.db.deleteFrom("activities").where("subject_type", "=", "contract").execute();
});

const contractRows = () => t.db.selectFrom("settings").selectAll().where("key", "=", CONTRACT_KEY).execute();
const contractActivities = () => t.db.selectFrom("activities").selectAll().where("subject_type", "=", "contract").orderBy("id").execute();

describe("contract status", () => {
  it("is not accepted on a fresh installation", async () => {
    expect(await readContractStatus(t.db)).toEqual({ accepted: false, acceptedBy: null, acceptedAt: null });
    expect(await contractStatusOrUnknown(t.db)).toEqual({ accepted: false, acceptedBy: null, acceptedAt: null });
  });

  it("refuses an empty, blank or missing name and stores nothing", async () => {
    for (const name of ["", "   ", "\n\t", undefined, null, 42]) {
      const error = await acceptContract(t.db, name, admin).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).errors).toEqual({ name: "contract.errors.nameRequired" });
    }
    expect(await contractRows()).toEqual([]);
    expect(await contractActivities()).toEqual([]);
  });

  it("accepting stores the trimmed name, the time and the user, and audits it", async () => {
    const before = Date.now();
    const status = await acceptContract(t.db, "  Erika Mustermann  ", admin);
    expect(status).toMatchObject({ accepted: true, acceptedBy: "Erika Mustermann" });
    const at = Date.parse(status.acceptedAt as string);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await readContractStatus(t.db)).toEqual(status);

    const [row] = await contractRows();
    expect(JSON.parse(row.value)).toEqual({ accepted_by: "Erika Mustermann", accepted_at: status.acceptedAt, user_id: admin.id });
    const activities = await contractActivities();
    expect(activities).toHaveLength(1);
    expect(activities[0]).toMatchObject({ event: "contract_accepted", causer_id: admin.id, causer_name: admin.name, old_values: null });
    expect(JSON.parse(activities[0].new_values as string)).toEqual({ accepted_by: "Erika Mustermann", accepted_at: status.acceptedAt, user_id: admin.id });
  });

  it("a second acceptance is refused and the first one stays", async () => {
    const first = await acceptContract(t.db, "Erika Mustermann", admin);
    const error = await acceptContract(t.db, "Max Mustermann", other).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractAlreadyAcceptedError);
    expect((error as ContractAlreadyAcceptedError).acceptance.accepted_by).toBe("Erika Mustermann");
    expect(await readContractStatus(t.db)).toEqual(first);
    expect(await contractActivities()).toHaveLength(1);
  });

  it("of two acceptances at the same time exactly one wins", async () => {
    const results = await Promise.allSettled([acceptContract(t.db, "Erste Person", admin), acceptContract(t.db, "Zweite Person", other)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(ContractAlreadyAcceptedError);
    const winner = (results.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<{ acceptedBy: string }>).value;
    expect((await readContractStatus(t.db)).acceptedBy).toBe(winner.acceptedBy);
    expect(await contractRows()).toHaveLength(1);
    expect(await contractActivities()).toHaveLength(1);
  });

  it("an unreadable record makes the status unknown (logged), and an acceptance replaces it", async () => {
    await factories(t.db).setting(CONTRACT_KEY, '{"accepted_by":');
    await expect(readContractStatus(t.db)).rejects.toThrow();
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await contractStatusOrUnknown(t.db)).toEqual({ accepted: null, acceptedBy: null, acceptedAt: null });
      expect(log).toHaveBeenCalled();
    } finally {
      log.mockRestore();
    }
    const status = await acceptContract(t.db, "Erika Mustermann", admin);
    expect(await readContractStatus(t.db)).toEqual(status);
    const [activity] = await contractActivities();
    expect(JSON.parse(activity.old_values as string)).toEqual({ value: '{"accepted_by":' });
  });

  it("a failing read is unknown, not an error", async () => {
    const broken = {
      selectFrom: () => {
        throw new Error("database unavailable");
      },
    } as unknown as Executor;
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await contractStatusOrUnknown(broken)).toEqual({ accepted: null, acceptedBy: null, acceptedAt: null });
      expect(log).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ message: "database unavailable" }));
    } finally {
      log.mockRestore();
    }
  });
});

describe("acceptance time label", () => {
  it("is central European time, summer time from the last Sunday of March to the last Sunday of October", () => {
    expect(berlinZone("2026-01-15T12:00:00.000Z")).toBe("cet");
    expect(berlinZone("2026-07-15T12:00:00.000Z")).toBe("cest");
    // 29 March 2026, 01:00 UTC: clocks go from 02:00 CET to 03:00 CEST.
    expect(berlinZone("2026-03-29T00:59:59.000Z")).toBe("cet");
    expect(berlinZone("2026-03-29T01:00:00.000Z")).toBe("cest");
    // 25 October 2026, 01:00 UTC: back from 03:00 CEST to 02:00 CET.
    expect(berlinZone("2026-10-25T00:59:59.000Z")).toBe("cest");
    expect(berlinZone("2026-10-25T01:00:00.000Z")).toBe("cet");
    expect(berlinZone("not a date")).toBe("cet");
  });
});
