/**
 * The image of an area or a category: read as bytes, set or removed with an audit entry that
 * says only that it changed (never the data).
 */
import { sql } from "kysely";
import { recordActivity, type Causer, type Executor } from "../../server/audit.server";
import { inTransaction, nextTimestamp } from "../../server/db-helpers.server";
import { NotFoundError, ValidationError } from "../../server/errors.server";
import type { StructureKind } from "./structure-types";

/** Largest image we store (decoded bytes); the upload helper enforces the same limit. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_MIMES = ["image/jpeg", "image/png"] as const;

const hasImage = sql<number>`case when image is null then 0 else 1 end`;

/** The stored image of an area or category as bytes; undefined when there is none. */
export async function getImage(
  db: Executor,
  kind: StructureKind,
  id: number,
): Promise<{ data: Buffer; mime: string; updated_at: string } | undefined> {
  const table = kind === "area" ? "service_areas" : "service_categories";
  const row = await db.selectFrom(table).select(["image", "image_mime", "updated_at"]).where("id", "=", id).executeTakeFirst();
  if (!row?.image) return undefined;
  return { data: Buffer.from(row.image, "base64"), mime: row.image_mime ?? "image/png", updated_at: row.updated_at };
}

/**
 * Sets (or with null removes) the image of an area or category. The bytes must already be
 * checked (upload helper); the model re-checks type and size. The audit records only that the
 * image changed, never its data.
 */
async function setImage(
  db: Executor,
  kind: StructureKind,
  id: number,
  image: { data: string; mime: string } | null,
  causer: Causer,
): Promise<void> {
  if (image) {
    const bytes = Buffer.from(image.data, "base64");
    if (!(IMAGE_MIMES as readonly string[]).includes(image.mime) || bytes.length === 0) {
      throw new ValidationError({ image: "structure.imageType" });
    }
    if (bytes.length > IMAGE_MAX_BYTES) throw new ValidationError({ image: "structure.imageTooLarge" });
  }
  const table = kind === "area" ? "service_areas" : "service_categories";
  await inTransaction(db, async (trx) => {
    const current = await trx
      .selectFrom(table)
      .select(["id", "updated_at"])
      .select(hasImage.as("has_image"))
      .where("id", "=", id)
      .executeTakeFirst();
    if (!current) throw new NotFoundError(kind);
    const had = Number(current.has_image) === 1;
    if (!image && !had) return;
    await trx
      .updateTable(table)
      .set({ image: image?.data ?? null, image_mime: image?.mime ?? null, updated_at: nextTimestamp(current.updated_at) })
      .where("id", "=", id)
      .execute();
    await recordActivity(trx, {
      subjectType: kind,
      subjectId: id,
      event: "updated",
      causer,
      newValues: { image: image ? "changed" : "removed" },
    });
  });
}

export function setAreaImage(db: Executor, id: number, image: { data: string; mime: string } | null, causer: Causer) {
  return setImage(db, "area", id, image, causer);
}

export function setCategoryImage(db: Executor, id: number, image: { data: string; mime: string } | null, causer: Causer) {
  return setImage(db, "category", id, image, causer);
}
