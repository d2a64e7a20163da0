import { beforeAll, describe, expect, it } from "vitest";
import { ENTITIES, PAGE_SIZE, type EntityKey } from "~/modules/basedata/entities";
import type { Causer } from "~/server/audit.server";
import { createBaseData, getBaseData, listBaseData, servicesUsing } from "~/modules/basedata/basedata.server";
import { factories } from "../../factories";
import { KEYS, USED_KEYS, linkServices, usingService } from "../../support/basedata";
import { useTestDb } from "../../support/test-db";

const t = useTestDb();
const make = factories(() => t.db);
let causer: Causer;

beforeAll(async () => {
  const user = await make.user("keyuser", { name: "Lis Lister", email: "lis@list.test" });
  causer = { id: user.id, name: user.name };
});

/** A record of `key` with only its name set (other fields null). */
function create(key: EntityKey, name: string) {
  const def = ENTITIES[key];
  return createBaseData(t.db, def, { [def.nameField]: name }, causer);
}

const service = (name: string, binned = false) => usingService(make, name, binned);
const link = (key: EntityKey, recordId: number, serviceIds: number[]) => linkServices(make, key, recordId, serviceIds);

const names = (key: EntityKey, rows: Record<string, unknown>[]) => rows.map((r) => r[ENTITIES[key].nameField]);

describe("listBaseData: search", () => {
  const SEARCH_NAMES = [
    "Cloud Hosting",
    "on-prem HOSTING",
    "Backup",
    "50% discount",
    "500 users",
    "a_b",
    "axb",
    "back\\slash",
    "backslash",
  ];

  for (const key of KEYS) {
    const def = ENTITIES[key];
    const q = (text: string) => listBaseData(t.db, def, { q: text }).then((l) => names(key, l.rows));

    describe(key, () => {
      beforeAll(async () => {
        for (const name of SEARCH_NAMES) await create(key, name);
      });

      it(`finds a case-insensitive substring of the ${def.nameField}`, async () => {
        expect(await q("HOST")).toEqual(["Cloud Hosting", "on-prem HOSTING"]);
        expect(await q("  hosting  ")).toEqual(["Cloud Hosting", "on-prem HOSTING"]);
        expect(await q("kup")).toEqual(["Backup"]);
        const none = await listBaseData(t.db, def, { q: "no such thing" });
        expect(none).toMatchObject({
          rows: [],
          total: 0,
          page: 1,
          pageCount: 1,
          q: "no such thing",
        });
        const all = await listBaseData(t.db, def, { q: "   " });
        expect(all.total).toBe(SEARCH_NAMES.length);
      });

      it("treats %, _ and \\ in the search as literal characters", async () => {
        expect(await q("50%")).toEqual(["50% discount"]);
        expect(await q("%")).toEqual(["50% discount"]);
        expect(await q("_")).toEqual(["a_b"]);
        expect(await q("a_b")).toEqual(["a_b"]);
        expect(await q("\\")).toEqual(["back\\slash"]);
        expect(await q("k\\s")).toEqual(["back\\slash"]);
      });
    });
  }
});

describe("listBaseData: sorting and usage counts", () => {
  // Sorted case-insensitively: Apple, banana, cherry, Date (a byte-wise sort would put Date before banana).
  const SORT_NAMES = ["banana", "Apple", "cherry", "Date"];
  const USES: Record<string, number> = {
    banana: 3,
    Apple: 1,
    cherry: 0,
    Date: 2,
  };

  for (const key of USED_KEYS) {
    const def = ENTITIES[key];

    describe(key, () => {
      beforeAll(async () => {
        for (const name of SORT_NAMES) {
          const id = await create(key, `Sort ${name}`);
          const services = [];
          for (let i = 0; i < USES[name]; i++) services.push(await service(`${key} user of ${name} ${i}`));
          // A binned service never counts.
          services.push(await service(`${key} binned user of ${name}`, true));
          await link(key, id, services);
        }
      });

      it("sorts by name case-insensitively, ascending and descending", async () => {
        const asc = await listBaseData(t.db, def, {
          q: "sort ",
          sort: "name",
          dir: "asc",
        });
        expect(names(key, asc.rows)).toEqual(["Sort Apple", "Sort banana", "Sort cherry", "Sort Date"]);
        expect(asc).toMatchObject({ sort: "name", dir: "asc" });
        const desc = await listBaseData(t.db, def, {
          q: "sort ",
          sort: "name",
          dir: "desc",
        });
        expect(names(key, desc.rows)).toEqual(["Sort Date", "Sort cherry", "Sort banana", "Sort Apple"]);
        expect(desc.dir).toBe("desc");
      });

      it(`usage_count counts only services that are not in the bin, in the list and in getBaseData`, async () => {
        const list = await listBaseData(t.db, def, { q: "sort " });
        expect(Object.fromEntries(list.rows.map((r) => [r.name, r.usage_count]))).toEqual({
          "Sort Apple": 1,
          "Sort banana": 3,
          "Sort cherry": 0,
          "Sort Date": 2,
        });
        const banana = list.rows.find((r) => r.name === "Sort banana")!;
        expect((await getBaseData(t.db, def, banana.id))?.usage_count).toBe(3);
      });

      it("sorts by usage", async () => {
        const asc = await listBaseData(t.db, def, {
          q: "sort ",
          sort: "usage",
          dir: "asc",
        });
        expect(names(key, asc.rows)).toEqual(["Sort cherry", "Sort Apple", "Sort Date", "Sort banana"]);
        expect(asc.sort).toBe("usage");
        const desc = await listBaseData(t.db, def, {
          q: "sort ",
          sort: "usage",
          dir: "desc",
        });
        expect(names(key, desc.rows)).toEqual(["Sort banana", "Sort Date", "Sort Apple", "Sort cherry"]);
      });

      it("an unknown or unsortable sort key falls back to the name", async () => {
        for (const sort of ["nonsense", "id; drop table services", "representatives", "calculation"]) {
          const list = await listBaseData(t.db, def, {
            q: "sort ",
            sort,
            dir: "desc",
          });
          expect(list.sort, sort).toBe("name");
          expect(names(key, list.rows), sort).toEqual(["Sort Date", "Sort cherry", "Sort banana", "Sort Apple"]);
        }
        // An unknown direction is ascending.
        const odd = await listBaseData(t.db, def, {
          q: "sort ",
          dir: "sideways" as "asc",
        });
        expect(odd.dir).toBe("asc");
        expect(names(key, odd.rows)).toEqual(["Sort Apple", "Sort banana", "Sort cherry", "Sort Date"]);
      });
    });
  }

  it("provider: sorts by a further column (city) case-insensitively", async () => {
    const def = ENTITIES.provider;
    for (const [name, city] of [
      ["City one", "münchen"],
      ["City two", "Berlin"],
      ["City three", "aachen"],
    ]) {
      await createBaseData(t.db, def, { name, city }, causer);
    }
    const list = await listBaseData(t.db, def, { q: "city ", sort: "city" });
    expect(list.rows.map((r) => r.city)).toEqual(["aachen", "Berlin", "münchen"]);
  });

  it("termdefinitions: sorts by term; 'usage' is not a sort key for the glossary", async () => {
    const def = ENTITIES.termdefinitions;
    for (const name of SORT_NAMES) await create("termdefinitions", `Sort ${name}`);
    const list = await listBaseData(t.db, def, {
      q: "sort ",
      sort: "usage",
      dir: "desc",
    });
    expect(list.sort).toBe("term");
    expect(names("termdefinitions", list.rows)).toEqual(["Sort Date", "Sort cherry", "Sort banana", "Sort Apple"]);
    expect(list.rows.every((r) => r.usage_count === 0)).toBe(true);
  });
});

describe("listBaseData: pagination", () => {
  // A database of its own, so the 120 tags are the only ones.
  const p = useTestDb();
  const tags = ENTITIES.tags;

  beforeAll(async () => {
    const user = await factories(p.db).user("admin", { name: "Pia Pager", email: "pia@list.test" });
    // Created in a shuffled order, so the id order is not the name order.
    const order = Array.from({ length: 120 }, (_, i) => ((i * 7) % 120) + 1);
    for (const i of order)
      await createBaseData(p.db, tags, { name: `Tag ${String(i).padStart(3, "0")}` }, { id: user.id, name: "Pia Pager" });
  });

  const tagNames = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => `Tag ${String(from + i).padStart(3, "0")}`);

  it(`shows ${PAGE_SIZE} rows a page and counts all matches`, async () => {
    expect(PAGE_SIZE).toBe(50);
    const page1 = await listBaseData(p.db, tags, { page: 1 });
    expect(page1).toMatchObject({ total: 120, pageCount: 3, page: 1 });
    expect(names("tags", page1.rows)).toEqual(tagNames(1, 50));
    const page2 = await listBaseData(p.db, tags, { page: 2 });
    expect(names("tags", page2.rows)).toEqual(tagNames(51, 100));
    const page3 = await listBaseData(p.db, tags, { page: 3 });
    expect(page3).toMatchObject({ total: 120, pageCount: 3, page: 3 });
    expect(names("tags", page3.rows)).toEqual(tagNames(101, 120));
  });

  it("a page beyond the end shows the last page; zero, negative or fractional pages are clamped", async () => {
    const far = await listBaseData(p.db, tags, { page: 99 });
    expect(far).toMatchObject({ page: 3, pageCount: 3, total: 120 });
    expect(names("tags", far.rows)).toEqual(tagNames(101, 120));
    expect((await listBaseData(p.db, tags, { page: 0 })).page).toBe(1);
    expect((await listBaseData(p.db, tags, { page: -4 })).page).toBe(1);
    const frac = await listBaseData(p.db, tags, { page: 2.7 });
    expect(frac.page).toBe(2);
    expect(names("tags", frac.rows)).toEqual(tagNames(51, 100));
  });

  it("descending order pages from the end", async () => {
    const page3 = await listBaseData(p.db, tags, { page: 3, dir: "desc" });
    expect(names("tags", page3.rows)).toEqual(tagNames(1, 20).reverse());
  });

  it("search narrows the total and the page count, and the page is clamped to the matches", async () => {
    const list = await listBaseData(p.db, tags, { q: "tag 1", page: 3 });
    expect(list).toMatchObject({ total: 21, pageCount: 1, page: 1 });
    expect(names("tags", list.rows)).toEqual(tagNames(100, 120));
  });

  it("an empty table has one empty page", async () => {
    const list = await listBaseData(p.db, ENTITIES.kpis, { page: 5 });
    expect(list).toMatchObject({
      rows: [],
      total: 0,
      page: 1,
      pageCount: 1,
      sort: "name",
      dir: "asc",
      q: "",
    });
  });
});

describe("servicesUsing", () => {
  for (const key of USED_KEYS) {
    const def = ENTITIES[key];

    it(`${key}: the first 20 services by name (case-insensitive) and the total, without binned services`, async () => {
      const id = await create(key, "Widely used");
      const active: { id: number; name: string }[] = [];
      // 24 active services with mixed case, so a byte-wise sort would differ.
      for (let i = 1; i <= 24; i++) {
        const name = `${i % 2 ? "svc" : "SVC"} ${key} ${String(i).padStart(2, "0")}`;
        active.push({ id: await service(name), name });
      }
      const binned = [await service(`svc ${key} 00 binned`, true), await service(`aaa ${key} binned`, true)];
      await link(key, id, [...active.map((s) => s.id).reverse(), ...binned]);

      const used = await servicesUsing(t.db, def, id);
      expect(used.total).toBe(24);
      expect(used.services).toEqual(active.slice(0, 20));
      expect(used.services.map((s) => s.id)).not.toContain(binned[0]);

      const few = await servicesUsing(t.db, def, id, 3);
      expect(few).toEqual({ services: active.slice(0, 3), total: 24 });
    });

    it(`${key}: a record used by nobody (or only by binned services) has no users`, async () => {
      const unused = await create(key, "Unused");
      expect(await servicesUsing(t.db, def, unused)).toEqual({
        services: [],
        total: 0,
      });
      const binnedOnly = await create(key, "Binned only");
      await link(key, binnedOnly, [await service(`${key} binned only`, true)]);
      expect(await servicesUsing(t.db, def, binnedOnly)).toEqual({
        services: [],
        total: 0,
      });
    });
  }

  it("termdefinitions: the glossary is never linked to services", async () => {
    const id = await create("termdefinitions", "Unlinked term");
    expect(await servicesUsing(t.db, ENTITIES.termdefinitions, id)).toEqual({
      services: [],
      total: 0,
    });
  });
});
