import { roleHasPermission } from "~/modules/access/policy";
/**
 * T.O.M. (spec 01 §2 settings dialog, issue 16 §5): the provider's technical and organisational
 * measures as a PDF. Client-safe constants shared by the panel and the server.
 */

/** Where the PDF is served (inline; `?download=1` as an attachment). */
export const TOM_PDF_PATH = "/tom.pdf";
/** The settings entry (its action takes the upload and the restore). */
export const TOM_ENTRY_PATH = "/settings/tom";
/** The file name the browser shows and saves. */
export const TOM_FILENAME = "TOM.pdf";
/** The largest PDF a superadmin may upload. */
export const TOM_MAX_BYTES = 10 * 1024 * 1024;
export const TOM_ACCEPT = ".pdf,application/pdf";

export type TomSource = "generated" | "uploaded";

/** What the panel shows about the stored document. */
export interface TomDocumentInfo {
  source: TomSource;
  bytes: number;
  sha256: string;
  updatedAt: string;
}

/** The viewer's address: versioned by the content, so a replaced document is fetched anew. */
export function tomPdfUrl(info: Pick<TomDocumentInfo, "sha256"> | null, download = false): string {
  const params = new URLSearchParams();
  if (info) params.set("v", info.sha256.slice(0, 12));
  if (download) params.set("download", "1");
  const query = params.toString();
  return query ? `${TOM_PDF_PATH}?${query}` : TOM_PDF_PATH;
}

/** Only a superadmin replaces the document or restores the generated one. */
export function mayReplaceTom(user: { role?: string | null } | null | undefined): boolean {
  return roleHasPermission(user, "manage:organisation");
}

/** "1,2 MB" / "48 KB" in the reader's language. */
export function formatFileSize(bytes: number, locale: string): string {
  const format = (value: number, unit: string) => `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value)} ${unit}`;
  if (bytes >= 1024 * 1024) return format(bytes / (1024 * 1024), "MB");
  return format(Math.max(1, Math.round(bytes / 1024)), "KB");
}
