import crypto from "node:crypto";
import { z } from "zod";
import { env } from "~/server/env.server";
import { sanitizeRichText } from "~/server/sanitize.server";
import { comparePatchNotes, isMessageActive, type PatchNote, type SystemMessage } from "./rules";

/**
 * The system host (SYSTEM_HOST_URL, issue 16 §7): another ServiceHub whose /api/latest-version,
 * /api/latest-message and /api/patch-notes this instance shows instead of its own tables. Its
 * answers are outside input: validated with zod and sanitised again. A host that is slow, down or
 * answers nonsense is logged and counts as "nothing there" — the app carries on. Answers are
 * cached briefly, so the shell's per-page lookup costs no request; a stale answer is served while
 * a fresh one is fetched in the background.
 */

export const REMOTE_TIMEOUT_MS = 3000;
export const REMOTE_TTL_MS = 60_000;
/** More than any honest answer needs; a larger body is refused unread. */
const MAX_BODY_BYTES = 2_000_000;

const optionalText = (max: number) => z.string().max(max).nullish();

const RemoteNoteSchema = z.object({
  id: z.number().int().optional(),
  headline: z.string().min(1).max(500),
  text: optionalText(200_000),
  version: optionalText(100),
  patch_date: optionalText(100),
});

export const RemoteLatestVersionSchema = z.object({ version: z.string().max(100), patch: RemoteNoteSchema.nullable() });
export const RemotePatchNotesSchema = z.array(RemoteNoteSchema).max(2000);
export const RemoteMessageSchema = z.object({
  id: z.union([z.number().int(), z.string().min(1).max(100)]).optional(),
  headline: z.string().min(1).max(500),
  text: optionalText(200_000),
  expiration_date: optionalText(100),
});

function toNote(raw: z.infer<typeof RemoteNoteSchema>, index: number): PatchNote {
  return {
    // A host that sends no ids still gets stable, distinct keys (negative: never a local id).
    id: raw.id ?? -(index + 1),
    headline: raw.headline,
    text: sanitizeRichText(raw.text),
    version: raw.version ?? null,
    patch_date: raw.patch_date ?? null,
  };
}

/** The host's patch notes, newest first (whatever order it sent), HTML sanitised. Throws on an invalid payload. */
export function parseRemotePatchNotes(json: unknown): PatchNote[] {
  return RemotePatchNotesSchema.parse(json).map(toNote).sort(comparePatchNotes);
}

export function parseRemoteLatestVersion(json: unknown): { version: string; patch: PatchNote | null } {
  const parsed = RemoteLatestVersionSchema.parse(json);
  return { version: parsed.version, patch: parsed.patch ? toNote(parsed.patch, 0) : null };
}

type RemoteMessage = z.infer<typeof RemoteMessageSchema>;

/**
 * The host's current message as this instance shows it, or null. The expiration rule is applied
 * here too, at every call (a cached message expires on time; a host with another clock, or an
 * older one, must not show an expired message); the key names the host, so a read here never
 * collides with a local message.
 */
function messageOf(raw: RemoteMessage, host: string, now: Date): SystemMessage | null {
  if (!isMessageActive(raw.expiration_date, now)) return null;
  const id = raw.id ?? crypto.createHash("sha256").update(JSON.stringify([raw.headline, raw.text ?? "", raw.expiration_date])).digest("hex").slice(0, 16);
  return { key: `${host}:${id}`, headline: raw.headline, text: raw.text ?? "" };
}

/** Validates and sanitises the host's answer to /api/latest-message. Throws on an invalid payload. */
function readRemoteMessage(json: unknown): RemoteMessage {
  const raw = RemoteMessageSchema.parse(json);
  return { ...raw, text: sanitizeRichText(raw.text) };
}

export function parseRemoteMessage(json: unknown, host: string, now: Date = new Date()): SystemMessage | null {
  return messageOf(readRemoteMessage(json), host, now);
}

type Fetch = typeof fetch;

interface Entry<T> {
  value: T;
  expires: number;
}

export interface SystemHostOptions {
  fetch?: Fetch;
  timeoutMs?: number;
  ttlMs?: number;
  now?: () => number;
}

/** The client of one system host; `base` is its origin (and path prefix, if any). */
export function createSystemHost(base: string, options: SystemHostOptions = {}) {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? REMOTE_TIMEOUT_MS;
  const ttlMs = options.ttlMs ?? REMOTE_TTL_MS;
  const clock = options.now ?? Date.now;
  const root = base.endsWith("/") ? base : `${base}/`;
  const host = new URL(root).host;
  const cache = new Map<string, Entry<unknown>>();
  const pending = new Map<string, Promise<unknown>>();

  /** The JSON at `path`; null for a 404 when `notFoundIsNone`. Throws on anything else. */
  async function getJson(path: string, notFoundIsNone: boolean): Promise<unknown> {
    const response = await doFetch(new URL(path, root), { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs), redirect: "error" });
    if (notFoundIsNone && response.status === 404) return null;
    if (!response.ok) throw new Error(`answered ${response.status}`);
    if (Number(response.headers.get("Content-Length") ?? 0) > MAX_BODY_BYTES) throw new Error("answer too large");
    const body = await response.text();
    if (body.length > MAX_BODY_BYTES) throw new Error("answer too large");
    return JSON.parse(body);
  }

  /** One answer per path and TTL; a failure is logged and cached as `fallback` for the TTL too (no request storm on a down host). */
  function cached<T>(path: string, fallback: T, read: () => Promise<T>): Promise<T> {
    const entry = cache.get(path) as Entry<T> | undefined;
    if (entry && entry.expires > clock()) return Promise.resolve(entry.value);
    let running = pending.get(path) as Promise<T> | undefined;
    if (!running) {
      running = read()
        .catch((error: unknown) => {
          console.error(`System host ${root}${path}: ${error instanceof Error ? error.message : String(error)}; showing none.`);
          return fallback;
        })
        .then((value) => {
          cache.set(path, { value, expires: clock() + ttlMs });
          return value;
        })
        .finally(() => pending.delete(path));
      pending.set(path, running);
    }
    return entry ? Promise.resolve(entry.value) : running;
  }

  return {
    base: root,
    host,
    patchNotes: () => cached<PatchNote[]>("api/patch-notes", [], async () => parseRemotePatchNotes(await getJson("api/patch-notes", false))),
    latestVersion: () => cached<{ version: string; patch: PatchNote | null } | null>("api/latest-version", null, async () => parseRemoteLatestVersion(await getJson("api/latest-version", false))),
    latestMessage: async (now: Date = new Date()): Promise<SystemMessage | null> => {
      const raw = await cached<RemoteMessage | null>("api/latest-message", null, async () => {
        const json = await getJson("api/latest-message", true);
        return json === null ? null : readRemoteMessage(json);
      });
      return raw ? messageOf(raw, host, now) : null;
    },
  };
}

export type SystemHost = ReturnType<typeof createSystemHost>;

let current: SystemHost | null = null;

/** The configured system host, or null when this instance keeps its own patch notes and messages. */
export function systemHost(): SystemHost | null {
  const url = env().SYSTEM_HOST_URL;
  if (!url) return null;
  if (current?.base !== (url.endsWith("/") ? url : `${url}/`)) current = createSystemHost(url);
  return current;
}
