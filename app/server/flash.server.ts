import { redirect } from "@remix-run/node";
import { z } from "zod";
import { flashCookie, serializeCookie } from "~/server/cookies.server";

export const FLASH_KINDS = ["success", "error", "info", "default"] as const;
export type FlashKind = (typeof FLASH_KINDS)[number];

/**
 * A flash carries an i18n key (translated when shown, in the reader's language) and its values.
 * Its shape lives with the cookie that carries it; the toast names the types with `import type`.
 */
export const flashSchema = z.object({
  id: z.string(),
  kind: z.enum(FLASH_KINDS),
  message: z.string(),
  /** The notice's own title (an i18n key) where the kind's would mislead: a deletion the spec shows as an error-kind notice is not a failure. */
  title: z.string().optional(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type Flash = z.infer<typeof flashSchema>;

/** Post/Redirect/Get with a message the shell shows as a toast on the next page. */
export async function redirectWithFlash(request: Request, to: string, flash: Omit<Flash, "id">, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await flashHeader(request, flash));
  return redirect(to, { ...init, headers });
}

/** Reads and clears the pending flash message; call in the root loader. */
export async function consumeFlash(request: Request): Promise<{ flash: Flash | null; setCookie: string | null }> {
  const raw = await flashCookie.parse(request.headers.get("Cookie"));
  if (!raw) return { flash: null, setCookie: null };
  const parsed = flashSchema.safeParse(raw);
  return {
    flash: parsed.success ? parsed.data : null,
    setCookie: await serializeCookie(flashCookie, request, "", { maxAge: 0 }),
  };
}

/** A flash for a response that does not redirect (a fetcher's action): the revalidated root shows it. */
export function flashHeader(request: Request, flash: Omit<Flash, "id">): Promise<string> {
  return serializeCookie(flashCookie, request, { ...flash, id: Date.now().toString(36) + Math.random().toString(36).slice(2, 6) });
}
