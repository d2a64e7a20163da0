import { getLanguage } from "~/i18n/i18next.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { requirePermission } from "~/modules/access/policy.server";
import { clientIp } from "~/modules/access/authenticator.server";
import { imageAnswer } from "~/modules/catalogue/image-page.server";
import { berlinLocalToIso } from "~/modules/systeminfo/rules";
import { getDb } from "~/server/db/db.server";
import { appOrigin } from "~/server/env.server";
import { commonRefusal, dispatchIntent, refuse, validateForm } from "~/server/form.server";
import { idOr404 } from "~/server/ids.server";
import { refusal } from "~/server/refusal.server";
import { readFormData } from "~/server/request-body.server";
import { redirectWithFlash } from "~/server/flash.server";
import { RevokeLinkSchema, ShareLinkSchema } from "./share-schema";
import { countShareAccess, createReleaseLink, listReleaseLinks, resolveShareToken, revokeReleaseLink, withinShareLimit } from "./release-links.server";
import { releaseServicePage, releaseServicePicture } from "./release-read.server";
import { getRelease, type ReleaseRow } from "./releases.server";
import { releaseFramePage, releaseFramePicture } from "./release-frame.server";
import { getExportActive } from "~/server/settings.server";
import { releaseContentsData } from "./release-list.server";

/**
 * Share links (issue 35 §7): the dialog of a release where links are made, listed and revoked
 * (`share:release`), and the pages a link opens without an account — the release's contents and
 * its service pages, nothing else. Those pages set no cookie, are not indexed, are rate-limited
 * per client, and answer 410 for a revoked or expired link (or a withdrawn release), 404 for an
 * unknown one.
 */

const LIST = "/servicecatalog/releases";

async function sharedRelease(request: Request, rawId: string | undefined) {
  const user = await requirePermission(request, "share:release");
  const release = await getRelease(getDb(), idOr404(rawId));
  if (!release) throw refusal(404);
  return { user, release };
}

async function dialogData(releaseId: number, label: string, created: { url: string } | null) {
  const links = await listReleaseLinks(getDb(), releaseId);
  return { release: { id: releaseId, label }, links, created, now: new Date().toISOString() };
}

export async function shareDialogLoader({ request, params }: LoaderFunctionArgs) {
  const { release } = await sharedRelease(request, params.id);
  return dialogData(release.id, release.label, null);
}

/** The end of the given day in Berlin, as an instant. */
const endOfDay = (day: string) => {
  const start = berlinLocalToIso(`${day}T23:59`);
  return start ? new Date(Date.parse(start) + 59_999).toISOString() : null;
};

export async function shareDialogAction({ request, params }: ActionFunctionArgs) {
  const { user, release } = await sharedRelease(request, params.id);
  const form = await readFormData(request);
  return dispatchIntent<"create" | "revoke", unknown>(form.get("intent"), {
    create: async () => {
      const submission = validateForm(form, ShareLinkSchema);
      if (submission.status !== "success") return refuse(submission);
      const expiresAt = submission.value.expires ? endOfDay(submission.value.expires) : null;
      if (submission.value.expires && (!expiresAt || expiresAt <= new Date().toISOString())) return refuse(submission, { fields: { expires: "releaseshare.expiresPast" } });
      const { token } = await createReleaseLink(getDb(), release.id, { label: submission.value.label ?? null, expiresAt }, user);
      // The link is shown this once (only its hash is stored): the answer is the dialog with it.
      return data(await dialogData(release.id, release.label, { url: `${appOrigin()}/share/${token}` }));
    },
    revoke: async () => {
      const submission = validateForm(form, RevokeLinkSchema);
      if (submission.status !== "success") return refuse(submission);
      try {
        await revokeReleaseLink(getDb(), release.id, submission.value.link, user);
      } catch (error) {
        // Another release's link, or none: 404, not a 500.
        commonRefusal(error, { stale: "releaseshare.revoked" });
        throw error;
      }
      return redirectWithFlash(request, `${LIST}/${release.id}/share`, { kind: "success", message: "releaseshare.revoked" });
    },
  });
}

// ------------------------------------------------------------------------------------ the visitor's pages

export const NOINDEX = { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

/** The release a token opens, counted and rate-limited; a refusal page otherwise. */
export async function openedRelease(request: Request, token: string | undefined) {
  const db = getDb();
  if (!(await withinShareLimit(db, clientIp(request) ?? "unknown"))) throw refusal(429, { headers: { ...NOINDEX, "Retry-After": String(60 - new Date().getUTCSeconds()) } });
  const shared = await resolveShareToken(db, token ?? "");
  if (shared.state === "unknown") throw refusal(404, { headers: NOINDEX });
  if (shared.state === "gone") throw refusal(410, { headers: NOINDEX });
  await countShareAccess(db, shared.linkId);
  return shared.release;
}

export const shareHeaders = () => NOINDEX;

export const shareBase = (token: string) => `/share/${token}`;

/** The banner of a shared release: no way into the app; the cover sheet; the Word download while the licence is on (issue 35 §7). */
async function sharedBanner(token: string, release: ReleaseRow, serviceId: number | null = null) {
  const word = (await getExportActive(getDb())) ? `${shareBase(token)}/export.docx${serviceId === null ? "" : `?service=${serviceId}`}` : null;
  return { id: release.id, label: release.label, publishedAt: release.publishedAt, state: release.state, offers: { app: false, frame: `${shareBase(token)}/frame`, word } };
}

export async function shareContentsLoader({ request, params }: LoaderFunctionArgs) {
  const release = await openedRelease(request, params.token);
  const [contents, banner] = await Promise.all([releaseContentsData(getDb(), release, new URL(request.url).searchParams), sharedBanner(params.token!, release)]);
  return data({ token: params.token!, release: banner, ...contents }, { headers: NOINDEX });
}

export async function shareServiceLoader({ request, params }: LoaderFunctionArgs) {
  const release = await openedRelease(request, params.token);
  const serviceId = idOr404(params.serviceId);
  const page = await releaseServicePage(getDb(), release, serviceId, await getLanguage(request));
  if (!page) throw refusal(404, { headers: NOINDEX });
  return data({ token: params.token!, release: await sharedBanner(params.token!, release, serviceId), page }, { headers: NOINDEX });
}

/** /share/:token/frame — the shared release's cover sheet. */
export async function shareFrameLoader({ request, params }: LoaderFunctionArgs) {
  const release = await openedRelease(request, params.token);
  const page = await releaseFramePage(getDb(), release);
  if (!page) throw refusal(404, { headers: NOINDEX });
  return data({ ...page, back: shareBase(params.token!), pictureUrl: `${shareBase(params.token!)}/frame/picture` }, { headers: NOINDEX });
}

export async function shareFramePictureLoader({ request, params }: LoaderFunctionArgs) {
  const release = await openedRelease(request, params.token);
  const picture = await releaseFramePicture(getDb(), release);
  if (!picture) throw refusal(404, { headers: NOINDEX });
  return withNoIndex(imageAnswer(request, { ...picture, updated_at: release.publishedAt }));
}

export function withNoIndex(answer: Response) {
  for (const [key, value] of Object.entries(NOINDEX)) if (key !== "Cache-Control") answer.headers.set(key, value);
  return answer;
}

export async function sharePictureLoader({ request, params }: LoaderFunctionArgs) {
  const release = await openedRelease(request, params.token);
  const picture = await releaseServicePicture(getDb(), release.id, idOr404(params.serviceId));
  if (!picture) throw refusal(404, { headers: NOINDEX });
  return withNoIndex(imageAnswer(request, { ...picture, updated_at: release.publishedAt }));
}
