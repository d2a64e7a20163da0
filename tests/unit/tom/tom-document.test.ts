import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TOM_MAX_BYTES } from "~/modules/tom/tom";
import { TOM_ERRORS, TOM_KEYS, checkTomPdf, ensureTomDocument, isPdf, readTomPdf, restoreGeneratedTom, saveUploadedTom } from "~/modules/tom/tom.server";
import { ValidationError } from "~/server/errors.server";
import { parseFileUpload } from "~/server/upload.server";
import { factories } from "../../factories";
import { PNG } from "../../support/helpers";
import { rejection } from "../../support/rejection";
import { useTestDb } from "../../support/test-db";

/** The smallest file a PDF reader accepts as such: header, one object, trailer, end marker. */
const TINY_PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n", "latin1");

const t = useTestDb();
let causer: { id: number; name: string };

beforeAll(async () => {
  const admin = await factories(t.db).user("superadmin", { name: "TOM Admin", email: "admin@tom.test" });
  causer = { id: admin.id, name: "TOM Admin" };
});

const activities = () => t.db.selectFrom("activities").selectAll().where("subject_type", "=", "setting").where("subject_id", "=", TOM_KEYS.meta).orderBy("id").execute();
const uploadError = async (bytes: Uint8Array) => {
  const error = await rejection(saveUploadedTom(t.db, { bytes, filename: "x.pdf" }, causer));
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).errors.file;
};

describe("PDF sniffing", () => {
  it("accepts bytes that start with %PDF-x.y and end with %%EOF, whatever the name", () => {
    expect(isPdf(TINY_PDF)).toBe(true);
  });

  it("refuses text, images, a PDF header further in, and a cut-off PDF", () => {
    expect(isPdf(Buffer.from("Das ist nur Text, auch wenn die Datei .pdf heißt.\n%%EOF"))).toBe(false);
    expect(isPdf(PNG)).toBe(false);
    expect(isPdf(Buffer.concat([Buffer.from(" \n"), TINY_PDF]))).toBe(false);
    expect(isPdf(TINY_PDF.subarray(0, TINY_PDF.length - 7))).toBe(false);
    expect(isPdf(new Uint8Array())).toBe(false);
  });

  it("refuses nothing, more than 10 MB and non-PDFs with the field's messages", () => {
    const check = (bytes: Uint8Array) => {
      try {
        checkTomPdf(bytes);
        return null;
      } catch (error) {
        return (error as ValidationError).errors.file;
      }
    };
    expect(TOM_MAX_BYTES).toBe(10 * 1024 * 1024);
    expect(check(new Uint8Array())).toBe(TOM_ERRORS.required);
    expect(check(Buffer.from("kein PDF"))).toBe(TOM_ERRORS.type);
    const huge = Buffer.alloc(TOM_MAX_BYTES + 1, 0x20);
    TINY_PDF.copy(huge, 0);
    huge.write("%%EOF", huge.length - 6, "latin1");
    expect(isPdf(huge)).toBe(true);
    expect(check(huge)).toBe(TOM_ERRORS.tooLarge);
    expect(TOM_ERRORS.tooLarge).toBe("tom.errors.fileTooLarge|max=10 MB");
    const exact = Buffer.from(huge.subarray(huge.length - TOM_MAX_BYTES));
    TINY_PDF.copy(exact, 0);
    expect(check(exact)).toBeNull();
  });
});

describe("the upload's size limit", () => {
  const request = (bytes: Uint8Array) => {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(bytes)], "tom.pdf", { type: "application/pdf" }));
    return new Request("http://servicehub.test/settings/tom", { method: "POST", body: form });
  };

  it("stops reading past the limit and answers a field error, not an exception", async () => {
    const result = await parseFileUpload(request(Buffer.alloc(TOM_MAX_BYTES + 1, 0x25)), { field: "file", maxBytes: TOM_MAX_BYTES });
    expect(result).toMatchObject({ ok: false, status: 400, errors: { file: "structure.imageTooLarge" } });
  });

  it("hands over any file type within the limit: the caller sniffs", async () => {
    const result = await parseFileUpload(request(TINY_PDF), { field: "file", maxBytes: TOM_MAX_BYTES });
    expect(result.ok && result.file?.bytes.equals(TINY_PDF)).toBe(true);
    expect(result.ok && result.file?.filename).toBe("tom.pdf");
  });
});

describe("the stored document", () => {
  beforeEach(async () => {
    await t.db.deleteFrom("settings").where("key", "in", [TOM_KEYS.meta, TOM_KEYS.pdf]).execute();
    await t.db.deleteFrom("activities").where("subject_id", "=", TOM_KEYS.meta).execute();
  });

  it("is generated at the first request, stored once and served from the database afterwards", async () => {
    const [a, b] = await Promise.all([ensureTomDocument(t.db), ensureTomDocument(t.db)]);
    expect(a).toEqual(b);
    expect(a.source).toBe("generated");
    const { info, bytes } = await readTomPdf(t.db);
    expect(info).toEqual(a);
    expect(isPdf(bytes)).toBe(true);
    expect(bytes.length).toBe(a.bytes);
    expect(await ensureTomDocument(t.db)).toEqual(a);
    const logged = await activities();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ event: "created", causer_id: null });
  });

  it("is made again when its stored bytes are missing or it came from another text version", async () => {
    const first = await ensureTomDocument(t.db);
    await t.db.deleteFrom("settings").where("key", "=", TOM_KEYS.pdf).execute();
    const { bytes } = await readTomPdf(t.db);
    expect(isPdf(bytes)).toBe(true);

    const meta = JSON.parse((await t.db.selectFrom("settings").select("value").where("key", "=", TOM_KEYS.meta).executeTakeFirstOrThrow()).value);
    await t.db.updateTable("settings").set({ value: JSON.stringify({ ...meta, version: "old-text" }) }).where("key", "=", TOM_KEYS.meta).execute();
    const again = await ensureTomDocument(t.db);
    expect(again.source).toBe("generated");
    expect(again.updatedAt >= first.updatedAt).toBe(true);
    const stored = JSON.parse((await t.db.selectFrom("settings").select("value").where("key", "=", TOM_KEYS.meta).executeTakeFirstOrThrow()).value);
    expect(stored.version).not.toBe("old-text");
  });

  it("is replaced by an uploaded PDF, audited with size and hash but never the bytes; the generated one comes back on restore", async () => {
    await ensureTomDocument(t.db);
    const uploaded = await saveUploadedTom(t.db, { bytes: TINY_PDF, filename: "TOM 2026.pdf" }, causer);
    expect(uploaded).toMatchObject({ source: "uploaded", bytes: TINY_PDF.length });
    expect((await readTomPdf(t.db)).bytes.equals(TINY_PDF)).toBe(true);
    // An uploaded document is kept whatever the text version.
    expect(await ensureTomDocument(t.db)).toEqual(uploaded);

    const [, upload] = await activities();
    expect(upload).toMatchObject({ event: "updated", causer_id: causer.id });
    const values = JSON.parse(upload.new_values!).value;
    expect(values).toEqual({ source: "uploaded", bytes: TINY_PDF.length, sha256: uploaded.sha256, filename: "TOM 2026.pdf" });
    expect(upload.new_values!.length).toBeLessThan(400);
    expect(JSON.parse(upload.old_values!).value.source).toBe("generated");

    const restored = await restoreGeneratedTom(t.db, causer);
    expect(restored.source).toBe("generated");
    expect(isPdf((await readTomPdf(t.db)).bytes)).toBe(true);
    expect((await readTomPdf(t.db)).bytes.length).toBeGreaterThan(10_000);
    expect((await activities()).at(-1)).toMatchObject({ event: "updated", causer_id: causer.id });
  });

  it("refuses a non-PDF upload and keeps what was there", async () => {
    const before = await ensureTomDocument(t.db);
    expect(await uploadError(Buffer.from("just text named .pdf\n"))).toBe(TOM_ERRORS.type);
    expect(await uploadError(new Uint8Array())).toBe(TOM_ERRORS.required);
    expect(await ensureTomDocument(t.db)).toEqual(before);
    expect(await activities()).toHaveLength(1);
  });
});
