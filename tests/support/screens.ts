import crypto from "node:crypto";
/**
 * Every screen of the app, for the checks that must hold on all of them (axe, one language at a
 * time, small screens). A new screen goes here. Signed-in screens are opened as a superadmin on
 * the demo data's first records.
 */

export async function firstIds(db: import("~/server/db/db.server").DB) {
  const service = await db.selectFrom("services").select(["id"]).where("deleted_at", "is", null).orderBy("id").executeTakeFirstOrThrow();
  const area = await db.selectFrom("service_areas").select("id").orderBy("id").executeTakeFirstOrThrow();
  const category = await db.selectFrom("service_categories").select("id").orderBy("id").executeTakeFirstOrThrow();
  const owner = await db.selectFrom("owners").select("id").orderBy("id").executeTakeFirstOrThrow();
  const user = await db.selectFrom("users").select("id").where("email", "=", "user@example.com").executeTakeFirstOrThrow();
  const activity = await db.selectFrom("activities").select("id").orderBy("id", "desc").executeTakeFirstOrThrow();
  const attribute = await db.selectFrom("service_attribute_items").select("id").orderBy("id").executeTakeFirstOrThrow();
  const catalogue = await db.selectFrom("service_catalogues").select("id").where("id", ">", 0).orderBy("id").executeTakeFirstOrThrow();
  const staticSection = await db.selectFrom("sections").select("id").where("service_catalogue_id", "=", -1).orderBy("position").executeTakeFirstOrThrow();
  const staticParagraph = await db.selectFrom("paragraphs").select("id").where("section_id", "=", staticSection.id).orderBy("global_position").executeTakeFirstOrThrow();
  const view = await db.selectFrom("saved_views").select("id").where("shared", "=", 1).orderBy("id").executeTakeFirstOrThrow();
  const tag = await db.selectFrom("tags").select("id").orderBy("id").executeTakeFirstOrThrow();
  // The demo's release 2026.1 of the IT catalogue, and one of its services.
  const release = await db.selectFrom("releases").select("id").where("state", "=", "published").orderBy("id").executeTakeFirstOrThrow();
  const releasedService = await db.selectFrom("release_items").select("item_id").where("release_id", "=", release.id).where("kind", "=", "service").orderBy("item_id").executeTakeFirstOrThrow();
  return {
    service: service.id,
    area: area.id,
    category: category.id,
    owner: owner.id,
    user: user.id,
    activity: activity.id,
    attribute: attribute.id,
    catalogue: catalogue.id,
    staticSection: staticSection.id,
    staticParagraph: staticParagraph.id,
    view: view.id,
    tag: tag.id,
    release: release.id,
    releasedService: releasedService.item_id,
    ...(await screenRows(db)),
  };
}

const MARK = "Bildschirmprobe";
export const SCREEN_SHARE_TOKEN = "Bildschirmprobe-share-token-0001";

/**
 * Rows the demo data has none of, made once per database for the screens that show one: an
 * attribute mask on no area, a system message that was never current (so no one sees it pop
 * up), a patch note dated long ago (so it is never the latest) and a service in the bin whose
 * category is gone. Found again by name; parallel workers may make two, which changes nothing.
 */
async function screenRows(db: import("~/server/db/db.server").DB) {
  const now = new Date().toISOString();
  const mask =
    (await db.selectFrom("attribute_masks").select("id").where("name", "=", MARK).executeTakeFirst()) ??
    (await db.insertInto("attribute_masks").values({ name: MARK, target_model: "area", target_id: null, hidden_attributes: "[]", created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow());
  const message =
    (await db.selectFrom("system_messages").select("id").where("headline", "=", MARK).executeTakeFirst()) ??
    (await db.insertInto("system_messages").values({ headline: MARK, text: `<p>${MARK}</p>`, expiration_date: null, created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow());
  const patchNote =
    (await db.selectFrom("patch_notes").select("id").where("headline", "=", MARK).executeTakeFirst()) ??
    (await db.insertInto("patch_notes").values({ headline: MARK, text: `<p>${MARK}</p>`, version: "0.0.1", patch_date: "2000-01-01 10:00", created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow());
  const trashed =
    (await db.selectFrom("services").select("id").where("name", "=", MARK).executeTakeFirst()) ??
    (await db.insertInto("services").values({ name: MARK, service_catalogue_id: null, category_id: null, deleted_at: now, created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow());
  const withdrawnRelease =
    (await db.selectFrom("releases").select("id").where("label", "=", MARK).executeTakeFirst())?.id ?? (await withdrawnScreenRelease(db));
  // A share link of the demo release with a token the screen list knows (only its hash is stored).
  const release = await db.selectFrom("releases").select("id").where("state", "=", "published").orderBy("id").executeTakeFirstOrThrow();
  const tokenHash = (await import("node:crypto")).createHash("sha256").update(SCREEN_SHARE_TOKEN).digest("hex");
  if (!(await db.selectFrom("release_links").select("id").where("token_hash", "=", tokenHash).executeTakeFirst())) {
    await db.insertInto("release_links").values({ release_id: release.id, token_hash: tokenHash, label: MARK }).onConflict((oc) => oc.column("token_hash").doNothing()).execute();
  }
  return { mask: mask.id, message: message.id, patchNote: patchNote.id, trashed: trashed.id, withdrawnRelease, ...(await translatedScreenService(db)) };
}

/** A service of a catalogue of its own offered in English too, its name translated (issue 37): the page in English. */
async function translatedScreenService(db: import("~/server/db/db.server").DB) {
  const found = await db.selectFrom("services").select(["id", "category_id"]).where("name", "=", `${MARK} (de/en)`).executeTakeFirst();
  if (found) return { translated: found.id, translatedCategory: found.category_id! };
  const now = new Date().toISOString();
  const catalogue = await db.insertInto("service_catalogues").values({ title: `${MARK} (de/en)` }).returning("id").executeTakeFirstOrThrow();
  await db.insertInto("catalogue_languages").values({ catalogue_id: catalogue.id, language: "en" }).execute();
  const category = await db.insertInto("service_categories").values({ name: MARK, service_catalogue_id: catalogue.id, service_area_id: null }).returning("id").executeTakeFirstOrThrow();
  const service = await db
    .insertInto("services")
    .values({ name: `${MARK} (de/en)`, service_catalogue_id: catalogue.id, category_id: category.id, short_description: `<p>${MARK}</p>`, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("content_translations").values({ subject_type: "service", subject_id: service.id, field: "name", language: "en", value: "Screen sample", source_hash: "0", source_value: "" }).execute();
  return { translated: service.id, translatedCategory: category.id };
}

/** A withdrawn release of the first catalogue (what the delete dialog shows), made by the publishing code itself. */
async function withdrawnScreenRelease(db: import("~/server/db/db.server").DB) {
  const { publishRelease, withdrawRelease } = await import("~/modules/releases/releases.server");
  const catalogue = await db.selectFrom("service_catalogues").select("id").where("id", ">", 0).orderBy("id").executeTakeFirstOrThrow();
  const by = await db.selectFrom("users").select(["id", "name"]).where("email", "=", "superadmin@example.com").executeTakeFirstOrThrow();
  try {
    const id = await publishRelease(db, catalogue.id, { label: MARK, note: null }, by);
    await withdrawRelease(db, id, MARK, by);
    return id;
  } catch {
    // A parallel worker published it first: the label is taken.
    return (await db.selectFrom("releases").select("id").where("label", "=", MARK).executeTakeFirstOrThrow()).id;
  }
}

/** A notification mail's unsubscribe link for account 1, signed as the test server signs (issue 36 §5). */
function unsubscribeScreen(): string {
  const secret = process.env.SESSION_SECRET ?? "";
  const signature = crypto.createHmac("sha256", secret).update("unsubscribe:1:mention").digest("base64url");
  return `/unsubscribe/1.mention.${signature}`;
}

export const PUBLIC_SCREENS = ["/login", "/reset-password", "/reset-password/no-such-token", unsubscribeScreen()];

export function signedInScreens(ids: Awaited<ReturnType<typeof firstIds>>) {
  return [
    "/dashboard",
    "/servicecatalog",
    "/servicecatalog?view=1",
    "/servicecatalog?view=2",
    "/servicecatalog/catalogues",
    "/servicecatalog/new",
    `/servicecatalog/area/${ids.area}`,
    `/servicecatalog/category/${ids.category}`,
    `/servicecatalog/service/${ids.service}`,
    // Editors open by their address (decision 0073): the largest section form and a child's.
    `/servicecatalog/service/${ids.service}?edit=relations`,
    `/servicecatalog/service/${ids.service}?edit=option-new`,
    // The lifecycle form with a successor search (issue 36 §2).
    `/servicecatalog/service/${ids.service}?edit=stage&succq=a`,
    // The responsible people's picker (issue 36 §3).
    `/servicecatalog/service/${ids.service}?edit=people`,
    `/servicecatalog/service/${ids.service}/delete`,
    `/servicecatalog/service/${ids.service}/duplicate`,
    `/servicecatalog/service/${ids.service}/derivative`,
    "/bin",
    "/basedata/owner",
    "/basedata/owner/new",
    `/basedata/owner/${ids.owner}`,
    `/basedata/owner/${ids.owner}/edit`,
    `/basedata/owner/${ids.owner}/delete`,
    "/basedata/kpis",
    "/basedata/provider",
    "/basedata/termdefinitions",
    "/basedata/customerdata",
    "/admin/tags",
    "/admin/usermanagement",
    "/admin/usermanagement/new",
    `/admin/usermanagement/${ids.user}/edit`,
    `/admin/usermanagement/${ids.user}/delete`,
    `/admin/usermanagement/user/${ids.user}`,
    `/admin/usermanagement/user/${ids.user}?category=${ids.category}`,
    `/admin/usermanagement/user/${ids.user}/grant-all`,
    `/admin/usermanagement/user/${ids.user}/remove-all`,
    "/admin/logs",
    "/admin/logs?event=updated&from=2020-01-01",
    `/admin/logs/${ids.activity}`,
    "/admin/serviceattributes",
    "/admin/serviceattributes/new",
    `/admin/serviceattributes/${ids.attribute}`,
    `/admin/serviceattributes/${ids.attribute}/delete`,
    "/admin/attributemasks",
    "/admin/attributemasks/new",
    "/admin/serviceheadlines",
    "/admin/logo",
    "/admin/servicearea",
    "/catalogframe/static",
    "/catalogframe/static/print",
    `/catalogframe/${ids.catalogue}`,
    `/catalogframe/${ids.catalogue}/print`,
    "/catalogframe/static/section/new",
    `/catalogframe/static/section/${ids.staticSection}`,
    `/catalogframe/static/item/paragraph/new?section=${ids.staticSection}`,
    `/catalogframe/static/item/paragraph/${ids.staticParagraph}`,
    `/catalogframe/static/delete/section/${ids.staticSection}`,
    "/servicecatalog?view=3",
    "/settings/sidebar",
    "/settings/tom",
    "/settings/servicearea",
    "/settings/logo",
    "/settings/organization",
    "/settings/organization?edit=1",
    "/settings/headlines",
    "/settings/factory",
    "/settings/api-key",
    "/settings/export-licence",
    "/settings/contract",
    "/settings/password",
    "/settings/sessions",
    "/settings/notifications",
    "/support",
    "/admin/supporttickets",
    "/admin/systeminfo",
    "/admin/systeminfo/patch-notes/new",
    "/admin/systeminfo/messages/new",
    "/credits",
    "/credits/products",
    // The AI assistant (issue 19): its panel in edit mode, the create flow and its "created" dialog.
    `/servicecatalog/service/${ids.service}?ai=edit`,
    "/servicecatalog/ai",
    `/servicecatalog/ai?created=${ids.service}`,
    "/admin/credits",
    "/patch-notes",
    "/unauthorized",
    "/menu",
    "/views",
    "/tools",
    `/tools?pick=selection&service=${ids.service}`,
    "/reports",
    // Issue 36 §7: the comment form open (the page itself is swept above).
    `/servicecatalog/service/${ids.service}?comment=new`,
    // In a further content language, with the assistant's "Übersetzen" (issue 37).
    `/servicecatalog/service/${ids.translated}?lang=en`,
    `/tools/translate?pick=selection&service=${ids.translated}`,
    `/translations/category/${ids.translatedCategory}`,
    // Issue 36 §4 and §5.
    "/my-work",
    "/notifications",
    "/reports?months=0&catalogue=999999999",
    "/sla",
    "/sla?catalogue=all&provider=none",
    `/views/${ids.view}/edit`,
    `/views/${ids.view}/delete`,
    "/servicecatalog/save-view?view=0&status=checking&missing=kpi",
    "/documentation",
    "/documentation/base-data",
    "/dashboard/info",
    "/servicecatalog/service/999999999",
    // The template import (issue 18) on an instance without a template server: what to set up.
    "/factory/catalog",
    "/factory/catalog/import",
    "/factory/catalog/service/1",
    "/factory/provider",
    "/factory/provider/1",
    "/factory/kpi",
    "/factory/kpi/1",
    "/admin/tags/new",
    `/admin/tags/${ids.tag}`,
    `/admin/tags/${ids.tag}/edit`,
    `/admin/tags/${ids.tag}/delete`,
    `/admin/attributemasks/${ids.mask}`,
    `/admin/attributemasks/${ids.mask}/delete`,
    `/admin/systeminfo/messages/${ids.message}/edit`,
    `/admin/systeminfo/messages/${ids.message}/delete`,
    `/admin/systeminfo/patch-notes/${ids.patchNote}/edit`,
    `/admin/systeminfo/patch-notes/${ids.patchNote}/delete`,
    `/bin/${ids.trashed}/restore`,
    // Releases (issue 35): the list and its dialogs, a release's contents and one of its service pages.
    "/servicecatalog/releases",
    "/servicecatalog/releases/new",
    `/servicecatalog/releases/${ids.release}/withdraw`,
    `/servicecatalog/releases/${ids.withdrawnRelease}/reinstate`,
    `/servicecatalog/releases/${ids.withdrawnRelease}/delete`,
    `/servicecatalog/releases/${ids.release}`,
    `/servicecatalog/releases/${ids.release}?view=list`,
    // The demo's one release against the working copy, and one service's differences.
    "/servicecatalog/releases/compare",
    `/servicecatalog/releases/${ids.release}/share`,
    // What a share link opens (without an account; here as the sweep's user, which changes nothing).
    `/share/${SCREEN_SHARE_TOKEN}`,
    `/share/${SCREEN_SHARE_TOKEN}/service/${ids.releasedService}`,
    `/share/${SCREEN_SHARE_TOKEN}/frame`,
    // A release's cover sheet (issue 35 §6), a print page outside the shell.
    `/servicecatalog/releases/${ids.release}/frame`,
    `/servicecatalog/releases/compare/service/${ids.releasedService}?from=${ids.release}&to=working`,
    `/servicecatalog/releases/${ids.release}/service/${ids.releasedService}`,
  ];
}

/**
 * Page routes (route files with a component) that are not in the screen list, and why. The unit
 * test tests/unit/screens/coverage.test.ts fails for a page route that is in neither.
 */
export const NOT_SCREENS: Record<string, string> = {
  "_app.tsx": "the signed-in shell (layout): it is part of every signed-in screen; / itself redirects to /dashboard",
  "_auth.tsx": "the sign-in layout: it is part of every public screen",
  "_app.settings.tsx": "the layout of the /settings/<entry> screens, all listed; /settings itself redirects to the first entry",
  "_app.servicecatalog.service.$id.children.tsx": "answers only a refused form post without JavaScript; a visit redirects to the service page, which is listed",
  "_auth.auth.azure.login.tsx": "single sign-on is off on the shared test server: a visit redirects to /login (listed); its error page needs an instance with SSO (sso.spec.ts)",
  "_auth.auth.azure.callback.tsx": "single sign-on is off on the shared test server: a visit redirects to /login (listed); its error page needs an instance with SSO (sso.spec.ts)",
  "_auth.auth.azure.link.tsx": "single sign-on is off on the shared test server: a visit redirects to /login (listed); the page needs an instance with SSO (security-login.spec.ts)",
};
