import { describe, expect, it } from "vitest";
import { closestWord } from "~/modules/catalogue/did-you-mean";
import { didYouMean } from "~/modules/catalogue/did-you-mean.server";
import { factories } from "../../factories";
import { useTestDb } from "../../support/test-db";

// "Meinten Sie …?" (issue 32 §11). Runs on SQLite by default and on Postgres with DATABASE_URL=postgres://…

describe("the closest word of service names", () => {
  const names = ["Notebook Standard", "Notebook Premium", "Netzwerk-Drucker", "Mobiltelefon"];

  it("is a name word one edit away from a short term, two from a long one", () => {
    expect(closestWord("Notbook", names)).toBe("Notebook");
    expect(closestWord("notebok", names)).toBe("Notebook");
    expect(closestWord("Mobieltelfon", names)).toBe("Mobiltelefon");
    expect(closestWord("Drukcer", names)).toBeNull(); // a swap is two edits; seven letters allow one
  });

  it("is nothing for a term that matches, is too far, too short or not one word", () => {
    expect(closestWord("Notebook", names)).toBeNull();
    expect(closestWord("Laptop", names)).toBeNull();
    expect(closestWord("Nbk", names)).toBeNull();
    expect(closestWord("Note book", names)).toBeNull();
  });

  it("prefers fewer edits, then the word more names share", () => {
    expect(closestWord("Druckerpatrne", ["Druckerpatronen Set", "Druckerpatrone"])).toBe("Druckerpatrone");
    expect(closestWord("Bildx", ["Bilde A", "Bilds B", "Bilds C"])).toBe("Bilds");
  });
});

describe("didYouMean", () => {
  const t = useTestDb();
  const make = factories(() => t.db);

  it("reads this catalogue's live names through the name index", async () => {
    const here = await make.catalogue({ title: "Hier" });
    const there = await make.catalogue({ title: "Dort" });
    const category = await make.category(here, { name: "Geräte" });
    const elsewhere = await make.category(there, { name: "Andere" });
    await make.service(here, category, { name: "Notebook Standard" });
    await make.service(there, elsewhere, { name: "Scanner Büro" });
    const binned = await make.service(here, category, { name: "Monitor groß" });
    await t.db.updateTable("services").set({ deleted_at: new Date().toISOString() }).where("id", "=", binned).execute();

    expect(await didYouMean(t.db, here, "Notbook")).toBe("Notebook");
    expect(await didYouMean(t.db, here, "Scaner")).toBeNull(); // another catalogue's service
    expect(await didYouMean(t.db, here, "Monitr")).toBeNull(); // a binned one
    expect(await didYouMean(t.db, here, '"Notbook"')).toBeNull(); // an exact-name search names a service, not a word
  });
});
