import { describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES, isMultipart, parseImageUpload } from "~/server/upload.server";
import { PNG } from "../../support/helpers";

// PNG: a valid 1×1 PNG; JPEG and GIF: only their start (the check reads the magic bytes only).
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]);
const GIF = Buffer.from("GIF89a\x01\x00\x01\x00", "latin1");

function upload(parts: Record<string, string | { bytes: Uint8Array; name: string; type?: string }>, headers?: HeadersInit): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new File([new Uint8Array(value.bytes)], value.name, { type: value.type ?? "application/octet-stream" }));
  }
  return new Request("http://servicehub.test/servicecatalog/area/1", { method: "POST", body: form, headers });
}

describe("parseImageUpload", () => {
  it("accepts a PNG and returns its bytes, base64, the sniffed type and the other fields", async () => {
    const result = await parseImageUpload(upload({ intent: "uploadImage", image: { bytes: PNG, name: "logo.png", type: "image/png" } }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.image).toMatchObject({ mime: "image/png", filename: "logo.png", data: PNG.toString("base64") });
    expect(result.image!.bytes.equals(PNG)).toBe(true);
    expect(result.fields.get("intent")).toBe("uploadImage");
    expect(result.fields.has("image")).toBe(false);
  });

  it("decides the type by the bytes: a JPEG named .png with a wrong claimed type is a JPEG", async () => {
    const result = await parseImageUpload(upload({ image: { bytes: JPEG, name: "foto.png", type: "text/plain" } }));
    expect(result.ok && result.image?.mime).toBe("image/jpeg");
  });

  it("refuses a text file renamed .png and claimed as image/png", async () => {
    const text = Buffer.from("Das ist kein Bild, nur Text.\n");
    const result = await parseImageUpload(upload({ intent: "uploadImage", image: { bytes: text, name: "bild.png", type: "image/png" } }));
    expect(result).toMatchObject({ ok: false, status: 400, errors: { image: "structure.imageType" } });
  });

  it("refuses image types other than JPEG and PNG", async () => {
    const result = await parseImageUpload(upload({ image: { bytes: GIF, name: "anim.gif", type: "image/gif" } }));
    expect(result).toMatchObject({ ok: false, errors: { image: "structure.imageType" } });
  });

  it("accepts exactly the limit and refuses one byte more with a field error, not an exception", async () => {
    const atLimit = Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES - PNG.length)]);
    const ok = await parseImageUpload(upload({ image: { bytes: atLimit, name: "gross.png" } }));
    expect(ok.ok).toBe(true);
    const tooBig = Buffer.concat([atLimit, Buffer.from([0])]);
    const result = await parseImageUpload(upload({ intent: "uploadImage", image: { bytes: tooBig, name: "zu-gross.png" } }));
    expect(result).toMatchObject({ ok: false, status: 400, errors: { image: "structure.imageTooLarge" } });
  });

  it("honours a smaller limit and another field name", async () => {
    const result = await parseImageUpload(upload({ logo: { bytes: PNG, name: "logo.png" } }), { field: "logo", maxBytes: 10 });
    expect(result).toMatchObject({ ok: false, errors: { logo: "structure.imageTooLarge" } });
  });

  it("refuses a body whose declared length is far over the limit before reading it", async () => {
    const request = new Request("http://servicehub.test/x", {
      method: "POST",
      body: "x",
      headers: { "Content-Type": "multipart/form-data; boundary=abc", "Content-Length": String(10 * MAX_IMAGE_BYTES) },
    });
    expect(await parseImageUpload(request)).toMatchObject({ ok: false, errors: { image: "structure.imageTooLarge" } });
  });

  it("limits the whole body, so many parts under the limit cannot add up", async () => {
    const file = (name: string) => ({ bytes: Buffer.alloc(MAX_IMAGE_BYTES - 1, 1), name });
    const result = await parseImageUpload(upload({ a: file("a.bin"), b: file("b.bin"), c: file("c.bin"), image: { bytes: PNG, name: "x.png" } }));
    expect(result).toMatchObject({ ok: false, errors: { image: "structure.imageTooLarge" } });
  });

  it("limits the text fields beside the file to 1 MiB together: more is a 413, however it is split", async () => {
    const chunk = "a".repeat(MAX_IMAGE_BYTES / 4);
    const answer = await parseImageUpload(upload({ a: chunk, b: chunk, c: chunk, image: { bytes: PNG, name: "x.png" } })).catch((e: unknown) => e);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(413);
    const ok = await parseImageUpload(upload({ a: chunk, image: { bytes: PNG, name: "x.png" } }));
    expect(ok.ok && ok.fields.get("a")).toBe(chunk);
  });

  it("asks for a file when none (or an empty one) was sent, unless the image is optional", async () => {
    expect(await parseImageUpload(upload({ intent: "uploadImage" }))).toMatchObject({ ok: false, errors: { image: "structure.imageRequired" } });
    const empty = upload({ intent: "uploadImage", image: { bytes: new Uint8Array(0), name: "" } });
    expect(await parseImageUpload(empty)).toMatchObject({ ok: false, errors: { image: "structure.imageRequired" } });
    const optional = await parseImageUpload(upload({ intent: "x" }), { required: false });
    expect(optional.ok && optional.image).toBeNull();
  });

  it("refuses a chosen file without bytes, also where the image is optional (a browser names no file when none was chosen)", async () => {
    const chosen = () => upload({ intent: "x", image: { bytes: new Uint8Array(0), name: "leer.png" } });
    expect(await parseImageUpload(chosen(), { required: false })).toMatchObject({ ok: false, status: 400, errors: { image: "structure.fileEmpty" } });
    expect(await parseImageUpload(chosen())).toMatchObject({ ok: false, errors: { image: "structure.fileEmpty" } });
    const none = await parseImageUpload(upload({ intent: "x", image: { bytes: new Uint8Array(0), name: "" } }), { required: false });
    expect(none.ok && none.image).toBeNull();
  });

  it("answers a non-multipart or broken body with a 400 field error", async () => {
    const urlencoded = new Request("http://servicehub.test/x", { method: "POST", body: new URLSearchParams({ intent: "uploadImage" }) });
    expect(isMultipart(urlencoded)).toBe(false);
    expect(await parseImageUpload(urlencoded)).toMatchObject({ ok: false, status: 400, errors: { image: "structure.imageMalformed" } });
    const broken = new Request("http://servicehub.test/x", {
      method: "POST",
      body: "--abc\r\nContent-Disposition: form-data; name=\"image\"; filename=\"a.png\"\r\n\r\nabc",
      headers: { "Content-Type": "multipart/form-data; boundary=abc" },
    });
    expect(isMultipart(broken)).toBe(true);
    expect(await parseImageUpload(broken)).toMatchObject({ ok: false, status: 400, errors: { image: "structure.imageMalformed" } });
  });
});
