import { roleHasPermission, userHasPermission, type Permission } from "~/modules/access/policy";
import { ROLES } from "~/modules/access/roles";

/**
 * The role × route matrix (issue 21 item 1): one entry per file in app/routes, with example params,
 * whether the route answers GET, the intents its action accepts, and the guard it is declared to
 * have. The expected outcome of every cell (each actor × GET and each intent) follows from the guard
 * and the one access policy (ROLE_PERMISSIONS); `tests/e2e/route-matrix.http.spec.ts` walks the cells
 * and fails for a route file without an entry here.
 */

export const ACTORS = ["anonymous", ...ROLES] as const;
export type Actor = (typeof ACTORS)[number];

/**
 * What a cell answers:
 * - `allowed`: 2xx, or a redirect to a normal place (not /login, not /unauthorized). For a write,
 *   any answer that is not a refusal (a 4xx for the harmless body is fine, a 5xx never).
 * - `login`: a redirect to /login; `unauthorized`: a redirect to /unauthorized;
 * - a status (`"403"`, `"401"`, `"404"`, …): exactly that status; `redirect:<path>`: a redirect to that path.
 */
export type Outcome = "allowed" | "login" | "unauthorized" | `${number}` | `redirect:${string}`;

/** Who may make a request, in the policy's terms. */
export type Guard =
  /** Anyone, signed in or not. */
  | { kind: "public" }
  /** The sign-in pages: a signed-in user is sent on to the dashboard. */
  | { kind: "guest" }
  /** Any signed-in user. */
  | { kind: "signedIn" }
  /**
   * The role must hold the permission (ROLE_PERMISSIONS; per-user flags as the matrix users have
   * them: none). `grantScoped`: `update:service` on a service the user holds no grant on — only
   * roles that manage the structure pass (the matrix's `user` has no grants).
   */
  | { kind: "permission"; permission: Permission; grantScoped?: boolean }
  /** The admin guard and, on top, the superadmin role (the spec's superadmin-only screens). */
  | { kind: "superadmin" }
  /** An API key or the billing key; a session counts for nothing (the matrix sends no key). */
  | { kind: "key" };

export const PUBLIC: Guard = { kind: "public" };
export const GUEST: Guard = { kind: "guest" };
export const SIGNED_IN: Guard = { kind: "signedIn" };
export const SUPERADMIN: Guard = { kind: "superadmin" };
export const KEY: Guard = { kind: "key" };
export const can = (permission: Permission, grantScoped = false): Guard => ({ kind: "permission", permission, grantScoped });
/**
 * Pages that show only the working copy (issue 35 §6): everyone who reads the catalogue, except a
 * customer whose catalogue shows them its latest release — as the matrix's catalogue does (it has one).
 */
const WORKING_COPY = can("read:working-copy");

/** Exceptions to the usual answers of a guard, per cell kind. */
export interface Answers {
  /** What anonymous gets instead of a redirect to /login (e.g. 401 from a JSON route). */
  anonymous?: Outcome;
  /** What a refused role gets instead of /unauthorized (GET) or 403 (POST). */
  refused?: Outcome;
  /** What a permitted actor gets instead of `allowed` (e.g. 404 for an example that has nothing to show). */
  allowed?: Outcome;
}

/** The rows the matrix creates before it walks the cells (on its own app server's database). */
export interface MatrixRows {
  catalogue: number;
  area: number;
  category: number;
  service: number;
  otherService: number;
  binned: number;
  owner: number;
  tag: number;
  attribute: number;
  mask: number;
  message: number;
  patchNote: number;
  view: number;
  /** A published release of the catalogue holding `releasedService`, and a withdrawn one. */
  release: number;
  releasedService: number;
  withdrawnRelease: number;
  managedUser: number;
  section: number;
  paragraph: number;
  order: number;
  activity: number;
}

/** Creates fresh rows for a write that would destroy the shared ones (delete, restore). */
export type FreshParams = (rows: MatrixRows) => Promise<Record<string, string>>;

export interface IntentCell extends Answers {
  /** The value of the `intent` field; null for an action that reads no intent. */
  intent: string | null;
  /** Further fields of a harmless body. */
  body?: (rows: MatrixRows) => Record<string, string>;
  /** Sent as multipart/form-data (uploads), with an empty file part. */
  multipart?: boolean;
  /** A guard of this intent stricter than the action's. */
  guard?: Guard;
}

export interface RouteEntry {
  /** The file in app/routes. */
  file: string;
  /** Values of the route's dynamic segments (`$id` → id, splat → `*`). */
  params?: (rows: MatrixRows) => Record<string, string>;
  /** A query string for every request (without "?"), or one made from the matrix's rows. */
  query?: string | ((rows: MatrixRows) => string);
  /** The URL of a layout's cell: a child's path (the layout's own loader is asked alone). */
  at?: string;
  /** The GET cell (a loader, or a page without one); null when the route answers no GET. */
  get: ({ guard: Guard } & Answers) | null;
  /** The action's cells; null when the route has no action. */
  post: ({ guard: Guard; intents: IntentCell[]; fresh?: FreshParams; ownSession?: true } & Answers) | null;
}

const ADMIN = can("access:admin");

/** The token of a share link of the matrix's release (the matrix stores its hash). */
export const MATRIX_SHARE_TOKEN = "Matrix-share-token-0123456789abcdef";

/** The version (`updated_at`) every matrix service is created with: the forms carry it. */
export const SERVICE_VERSION = "2026-01-01T00:00:00.000Z";
const none = [{ intent: null }];
const intents = (...names: string[]): IntentCell[] => names.map((intent) => ({ intent }));

/** The catalogue browser's forms: switch catalogue, create one, move a service (within its category: harmless), batch move. */
const browserIntents = (move: IntentCell): IntentCell[] => [{ intent: "catalogue" }, { intent: "createCatalogue", guard: ADMIN }, move, { intent: "batch", guard: can("manage:structure") }];
/** A real move: the model checks the grants on the service and the target category (the matrix's user has none). */
const realMove: IntentCell = { intent: "move", guard: can("update:service", true), body: (r) => ({ service: String(r.service), category: String(r.category), index: "0" }) };
/** A move without its fields: a role that edits no service is refused before the body is read. */
const emptyMove: IntentCell = { intent: "move", guard: can("update:service") };

/** A base-data entity (owner) and the admin-guarded tags share one implementation: the same cells. */
function entityRoutes(prefix: string, read: Guard, write: Guard, id: (r: MatrixRows) => number, fresh: FreshParams, extra: Record<string, string> = {}, detailPost: RouteEntry["post"] = null): RouteEntry[] {
  const p = (r: MatrixRows) => ({ ...extra, id: String(id(r)) });
  return [
    { file: `${prefix}.tsx`, params: () => extra, get: { guard: read }, post: { guard: write, intents: intents("create", "update") } },
    { file: `${prefix}.new.tsx`, params: () => extra, get: { guard: write }, post: { guard: write, intents: none } },
    { file: `${prefix}.$id_.edit.tsx`, params: p, get: { guard: write }, post: { guard: write, intents: none } },
    { file: `${prefix}.$id_.delete.tsx`, params: p, get: { guard: write }, post: { guard: write, intents: none, fresh } },
    { file: `${prefix.replace(/\.$/, "")}_.$id.tsx`, params: p, get: { guard: read }, post: detailPost },
  ];
}

/**
 * Every route file. Guards read from the loaders and actions (app/modules/*); where a guard
 * names a permission, who passes comes from ROLE_PERMISSIONS.
 */
export function routeMatrix(make: MatrixMake): RouteEntry[] {
  const id = (n: number) => String(n);
  return [
    // ------------------------------------------------------------------ layouts, shell, sign-in
    { file: "_app.tsx", at: "/dashboard", get: { guard: SIGNED_IN }, post: null },
    { file: "_auth.tsx", at: "/login", get: { guard: PUBLIC }, post: null },
    { file: "_index.tsx", get: { guard: SIGNED_IN }, post: null },
    { file: "_app.$.tsx", params: () => ({ "*": "no-such-page" }), get: { guard: SIGNED_IN, allowed: "404" }, post: { guard: SIGNED_IN, intents: none, allowed: "404" } },
    { file: "_app.unauthorized.tsx", get: { guard: SIGNED_IN }, post: null },
    { file: "_app.menu.tsx", get: { guard: SIGNED_IN }, post: null },
    { file: "_auth.login.tsx", get: { guard: GUEST }, post: { guard: PUBLIC, intents: none } },
    { file: "_auth.reset-password.tsx", get: { guard: PUBLIC }, post: { guard: PUBLIC, intents: none } },
    { file: "_auth.reset-password_.$token.tsx", params: () => ({ token: "matrix-no-such-token" }), get: { guard: PUBLIC }, post: { guard: PUBLIC, intents: none } },
    // A forged unsubscribe link finds nothing (the valid one: notifications.spec).
    { file: "_auth.unsubscribe.$token.tsx", params: () => ({ token: "1.mention.forged" }), get: { guard: PUBLIC, allowed: "404" }, post: { guard: PUBLIC, allowed: "404", intents: none } },
    // Without single sign-on configured, both send everyone to the sign-in page.
    { file: "_auth.auth.azure.login.tsx", get: { guard: PUBLIC, allowed: "login" }, post: { guard: PUBLIC, allowed: "login", intents: none } },
    { file: "_auth.auth.azure.callback.tsx", get: { guard: PUBLIC, allowed: "login" }, post: null },
    { file: "_auth.auth.azure.link.tsx", get: { guard: PUBLIC, allowed: "login" }, post: { guard: PUBLIC, allowed: "login", intents: none } },
    { file: "language.tsx", get: { guard: PUBLIC }, post: { guard: PUBLIC, intents: [{ intent: null, body: () => ({ lng: "de", redirectTo: "/login" }) }] } },
    { file: "logout.tsx", get: { guard: PUBLIC }, post: { guard: PUBLIC, allowed: "login", intents: none, ownSession: true } },
    { file: "logo.tsx", get: { guard: PUBLIC, allowed: "404" }, post: null },
    { file: "prefs.sidebar.tsx", get: { guard: PUBLIC }, post: { guard: SIGNED_IN, intents: none } },
    { file: "system-message.read.tsx", get: { guard: PUBLIC }, post: { guard: SIGNED_IN, intents: none } },
    { file: "images.$kind.$id.tsx", params: (r) => ({ kind: "service", id: id(r.service) }), get: { guard: SIGNED_IN, allowed: "404" }, post: null },
    { file: "ai.status.tsx", get: { guard: SIGNED_IN, anonymous: "401" }, post: { guard: PUBLIC, intents: none, allowed: "405" } },

    // ------------------------------------------------------------------ reading
    { file: "_app.dashboard.tsx", get: { guard: can("read:catalogue") }, post: null },
    { file: "_app.dashboard_.info.tsx", get: { guard: SIGNED_IN }, post: null },
    { file: "_app.patch-notes.tsx", get: { guard: SIGNED_IN }, post: null },
    { file: "_app.documentation._index.tsx", get: { guard: SIGNED_IN }, post: null },
    { file: "_app.documentation.$chapter.tsx", params: () => ({ chapter: "roles" }), get: { guard: SIGNED_IN }, post: null },
    // Read-only pages: their action guards, then answers 405.
    { file: "_app.my-work.tsx", get: { guard: WORKING_COPY }, post: null },
    { file: "_app.notifications.tsx", get: { guard: SIGNED_IN }, post: { guard: SIGNED_IN, intents: intents("read", "allRead") } },
    { file: "_app.reports.tsx", get: { guard: WORKING_COPY }, post: { guard: WORKING_COPY, allowed: "405", intents: none } },
    { file: "reports[.]csv.tsx", query: "table=status", get: { guard: WORKING_COPY }, post: null },
    { file: "_app.sla.tsx", get: { guard: WORKING_COPY }, post: { guard: WORKING_COPY, allowed: "405", intents: none } },
    { file: "_app.support.tsx", get: { guard: SIGNED_IN }, post: { guard: SIGNED_IN, intents: none } },
    { file: "_app.tools.tsx", get: { guard: WORKING_COPY }, post: { guard: can("update:service"), intents: intents("preview", "apply", "import-apply") } },
    { file: "_app.tools_.translate.tsx", get: { guard: can("use:ai") }, post: { guard: can("use:ai"), intents: intents("translate") } },
    { file: "tools.export[.]csv.tsx", get: { guard: WORKING_COPY }, post: null },
    { file: "tom[.]pdf.tsx", get: { guard: SIGNED_IN }, post: null },

    // ------------------------------------------------------------------ catalogue
    { file: "_app.servicecatalog._browser.tsx", at: "/servicecatalog", get: { guard: can("read:catalogue") }, post: { guard: can("read:catalogue"), intents: browserIntents(realMove) } },
    { file: "_app.servicecatalog._browser._index.tsx", get: { guard: can("read:catalogue") }, post: { guard: can("read:catalogue"), intents: browserIntents(emptyMove) } },
    { file: "_app.servicecatalog._browser.save-view.tsx", get: { guard: WORKING_COPY }, post: { guard: WORKING_COPY, intents: none } },
    { file: "_app.servicecatalog.catalogues.tsx", get: { guard: can("read:catalogue") }, post: { guard: can("read:catalogue"), intents: [{ intent: "catalogue" }, { intent: "createCatalogue", guard: ADMIN }, { intent: "reviewInterval", guard: can("manage:structure") }, { intent: "contentLanguages", guard: ADMIN }, { intent: "languageList", guard: can("manage:organisation") }] } },
    { file: "servicecatalog.suggest.tsx", get: { guard: can("read:catalogue") }, post: null },
    { file: "_app.servicecatalog.new.tsx", get: { guard: can("manage:structure") }, post: { guard: can("manage:structure"), intents: none } },
    { file: "_app.servicecatalog.ai.tsx", get: { guard: can("use:ai") }, post: { guard: can("use:ai"), intents: intents("generate", "discard", "create") } },
    { file: "_app.servicecatalog.area._index.tsx", get: { guard: SIGNED_IN }, post: null },
    { file: "_app.servicecatalog.category._index.tsx", get: { guard: SIGNED_IN }, post: null },
    {
      file: "_app.servicecatalog.area.$id.tsx",
      params: (r) => ({ id: id(r.area) }),
      get: { guard: SIGNED_IN },
      post: { guard: can("manage:structure"), intents: [...intents("update", "removeImage", "delete"), { intent: "uploadImage", multipart: true }], fresh: async () => ({ id: id(await make.area()) }) },
    },
    {
      file: "_app.servicecatalog.category.$id.tsx",
      params: (r) => ({ id: id(r.category) }),
      get: { guard: SIGNED_IN },
      post: { guard: can("manage:structure"), intents: [...intents("update", "removeImage", "delete"), { intent: "uploadImage", multipart: true }], fresh: async () => ({ id: id(await make.category()) }) },
    },
    // Translations of areas, categories, glossary terms, service levels (issue 37 §1): here a category's.
    {
      file: "_app.translations.$type.$id.tsx",
      params: (r) => ({ type: "category", id: id(r.category) }),
      get: { guard: can("manage:structure") },
      post: { guard: can("manage:structure"), intents: intents("translation") },
    },
    // The service page's comments (issue 36 §7): read with the page; written where one may edit.
    {
      file: "_app.servicecatalog.service.$id._index.tsx",
      params: (r) => ({ id: id(r.service) }),
      query: "index",
      get: { guard: can("read:catalogue") },
      post: { guard: can("update:service", true), intents: intents("comment", "editComment", "deleteComment", "resolveThread", "reopenThread") },
    },
    {
      file: "_app.servicecatalog.service.$id.tsx",
      params: (r) => ({ id: id(r.service) }),
      get: { guard: can("read:catalogue") },
      post: {
        guard: can("update:service", true),
        // With the version the page was loaded with, so each intent reaches its handler.
        intents: [
          ...intents("basics", "confirmReview", "stage", "rich", "translation", "details", "personaldata", "relations", "tags", "dependency-add", "dependency-remove", "picture-remove"),
          ...["ai-generate", "ai-accept", "ai-discard", "ai-translate", "ai-translation-accept", "ai-translation-discard"].map((intent): IntentCell => ({ intent, guard: can("use:ai") })),
          { intent: "picture", multipart: true },
        ].map((cell) => ({ ...cell, body: (r: MatrixRows) => ({ updated_at: SERVICE_VERSION, required: String(r.otherService) }) })),
        fresh: async () => ({ id: id(await make.service()) }),
      },
    },
    {
      file: "_app.servicecatalog.service.$id.children.tsx",
      params: (r) => ({ id: id(r.service) }),
      // Its loader reads nothing: a visit is sent on to the service page (which has the guard).
      get: { guard: PUBLIC },
      post: {
        guard: can("update:service", true),
        intents: intents("addOption", "updateOption", "removeOption", "moveOption", "addResponsibility", "updateResponsibility", "removeResponsibility", "moveResponsibility", "addLink", "removeLink", "moveLink", "setAttributeText", "setAttributeDropdown").map(
          (cell) => ({ ...cell, body: () => ({ updated_at: SERVICE_VERSION }) }),
        ),
        fresh: async () => ({ id: id(await make.service()) }),
      },
    },
    ...(["delete", "duplicate", "derivative"] as const).map(
      (step): RouteEntry => ({
        file: `_app.servicecatalog.service.$id.${step}.tsx`,
        params: (r) => ({ id: id(r.service) }),
        get: { guard: can("manage:structure") },
        post: { guard: can("manage:structure"), intents: none, fresh: async () => ({ id: id(await make.service()) }) },
      }),
    ),
    { file: "servicecatalog.export[.]docx.tsx", get: { guard: can("export:word"), refused: "403" }, post: { guard: can("export:word"), intents: none } },
    { file: "servicecatalog.service.$id.export[.]docx.tsx", params: (r) => ({ id: id(r.service) }), get: { guard: can("export:word"), refused: "403" }, post: null },

    // ------------------------------------------------------------------ saved views
    { file: "_app.views.tsx", get: { guard: WORKING_COPY }, post: null },
    { file: "_app.views.$id.open.tsx", params: (r) => ({ id: id(r.view) }), get: { guard: PUBLIC }, post: { guard: WORKING_COPY, intents: none } },
    { file: "_app.views.$id.edit.tsx", params: (r) => ({ id: id(r.view) }), get: { guard: can("manage:views") }, post: { guard: can("manage:views"), intents: none } },
    { file: "_app.views.$id.delete.tsx", params: (r) => ({ id: id(r.view) }), get: { guard: can("manage:views") }, post: { guard: can("manage:views"), intents: none, fresh: async () => ({ id: id(await make.view()) }) } },

    // ------------------------------------------------------------------ releases (issue 35)
    { file: "_app.servicecatalog.releases.tsx", get: { guard: can("read:working-copy") }, post: { guard: can("publish:release"), intents: none } },
    { file: "_app.servicecatalog.releases.new.tsx", get: { guard: can("publish:release") }, post: { guard: can("publish:release"), intents: none } },
    { file: "_app.servicecatalog.releases.$id.withdraw.tsx", params: (r) => ({ id: id(r.release) }), get: { guard: can("publish:release") }, post: { guard: can("publish:release"), intents: none } },
    // Re-instating a published release changes nothing: a harmless body.
    { file: "_app.servicecatalog.releases.$id.reinstate.tsx", params: (r) => ({ id: id(r.release) }), get: { guard: can("publish:release") }, post: { guard: can("publish:release"), intents: none } },
    {
      file: "_app.servicecatalog.releases.$id.delete.tsx",
      params: (r) => ({ id: id(r.withdrawnRelease) }),
      get: { guard: can("delete:release") },
      post: { guard: can("delete:release"), intents: none, fresh: async () => ({ id: id(await make.withdrawnRelease()) }) },
    },
    { file: "_app.servicecatalog.releases_.compare.tsx", get: { guard: can("read:working-copy") }, post: null },
    {
      file: "_app.servicecatalog.releases_.compare_.service.$id.tsx",
      params: (r) => ({ id: id(r.releasedService) }),
      query: (r) => `from=${r.release}&to=working`,
      get: { guard: can("read:working-copy") },
      post: null,
    },
    { file: "servicecatalog.releases.compare[.]csv.tsx", query: (r) => `from=${r.release}&to=working`, get: { guard: can("read:working-copy") }, post: null },
    {
      file: "_app.servicecatalog.releases.$id.share.tsx",
      params: (r) => ({ id: id(r.release) }),
      get: { guard: can("share:release") },
      post: { guard: can("share:release"), intents: [{ intent: "create" }, { intent: "revoke" }] },
    },
    // A share link's pages: anyone with the token, signed in or not (the token is the guard).
    { file: "share.$token.tsx", at: `/share/${MATRIX_SHARE_TOKEN}`, get: { guard: PUBLIC }, post: null },
    { file: "share.$token._index.tsx", params: () => ({ token: MATRIX_SHARE_TOKEN }), get: { guard: PUBLIC }, post: null },
    { file: "share.$token.service.$serviceId.tsx", params: (r) => ({ token: MATRIX_SHARE_TOKEN, serviceId: id(r.releasedService) }), get: { guard: PUBLIC }, post: null },
    // The matrix's release has no cover-sheet picture: 404 once the token and the guard let the request through.
    { file: "share.$token_.frame.tsx", params: () => ({ token: MATRIX_SHARE_TOKEN }), get: { guard: PUBLIC }, post: null },
    { file: "share.$token.frame.picture.tsx", params: () => ({ token: MATRIX_SHARE_TOKEN }), get: { guard: PUBLIC, allowed: "404" }, post: null },
    // The Word download of a share link: anyone with the token while the export licence is on (it is in the matrix).
    { file: "share.$token.export[.]docx.tsx", params: () => ({ token: MATRIX_SHARE_TOKEN }), get: { guard: PUBLIC }, post: null },
    { file: "share.$token.service.$serviceId.picture.tsx", params: (r) => ({ token: MATRIX_SHARE_TOKEN, serviceId: id(r.releasedService) }), get: { guard: PUBLIC, allowed: "404" }, post: null },
    { file: "_app.servicecatalog.releases_.$id.tsx", params: (r) => ({ id: id(r.release) }), get: { guard: can("read:catalogue") }, post: null },
    { file: "_app.servicecatalog.releases_.$id_.service.$serviceId.tsx", params: (r) => ({ id: id(r.release), serviceId: id(r.releasedService) }), get: { guard: can("read:catalogue") }, post: null },
    // The released service has no picture: a reader gets 404, the guard still decides first.
    { file: "servicecatalog.releases.$id.frame.tsx", params: (r) => ({ id: id(r.release) }), get: { guard: can("read:catalogue") }, post: null },
    { file: "servicecatalog.releases.$id.frame.picture.tsx", params: (r) => ({ id: id(r.release) }), get: { guard: can("read:catalogue"), allowed: "404" }, post: null },
    { file: "servicecatalog.releases.$id.export[.]docx.tsx", params: (r) => ({ id: id(r.release) }), get: { guard: can("export:word"), refused: "403" }, post: null },
    { file: "servicecatalog.releases.$id.service.$serviceId.picture.tsx", params: (r) => ({ id: id(r.release), serviceId: id(r.releasedService) }), get: { guard: can("read:catalogue"), allowed: "404" }, post: null },

    // ------------------------------------------------------------------ base data
    ...entityRoutes("_app.basedata.$entity", can("read:basedata"), can("update:basedata"), (r) => r.owner, async () => ({ entity: "owner", id: id(await make.owner()) }), { entity: "owner" }, { guard: can("update:basedata"), intents: intents("users") }),
    { file: "_app.basedata.customerdata.tsx", get: { guard: can("read:basedata") }, post: { guard: can("update:basedata"), intents: none } },

    // ------------------------------------------------------------------ settings
    { file: "_app.settings.tsx", at: "/settings/sidebar", get: { guard: SIGNED_IN }, post: null },
    { file: "_app.settings._index.tsx", get: { guard: SIGNED_IN }, post: null },
    { file: "_app.settings.sidebar.tsx", get: { guard: SIGNED_IN }, post: null },
    { file: "_app.settings.tom.tsx", get: { guard: SIGNED_IN }, post: { guard: SUPERADMIN, intents: [{ intent: "restore" }, { intent: null, multipart: true }] } },
    { file: "_app.settings.notifications.tsx", get: { guard: SIGNED_IN }, post: { guard: SIGNED_IN, intents: [{ intent: null, body: () => ({ approved: "inapp" }) }] } },
    { file: "_app.settings.sessions.tsx", get: { guard: SIGNED_IN }, post: { guard: SIGNED_IN, intents: [{ intent: "others" }, { intent: "one", body: () => ({ session: "AAAAAAAAAAAAAAAAAAAAAA" }) }] } },
    { file: "_app.settings.password.tsx", get: { guard: SIGNED_IN }, post: { guard: SIGNED_IN, intents: none } },
    ...(["servicearea", "logo", "organization", "headlines"] as const).map((key): RouteEntry => ({ file: `_app.settings.${key}.tsx`, get: { guard: ADMIN, refused: "redirect:/settings/sidebar" }, post: null })),
    { file: "_app.settings.factory.tsx", get: { guard: ADMIN, refused: "redirect:/settings/sidebar" }, post: { guard: ADMIN, intents: intents("save", "test", "source", "remove") } },
    { file: "_app.settings.api-key.tsx", get: { guard: ADMIN, refused: "redirect:/settings/sidebar" }, post: { guard: ADMIN, intents: none } },
    { file: "_app.settings.export-licence.tsx", get: { guard: ADMIN, refused: "redirect:/settings/sidebar" }, post: { guard: SUPERADMIN, intents: none } },
    { file: "_app.settings.contract.tsx", get: { guard: ADMIN, refused: "redirect:/settings/sidebar" }, post: { guard: ADMIN, intents: none } },

    // ------------------------------------------------------------------ admin
    ...entityRoutes("_app.admin.tags", ADMIN, ADMIN, (r) => r.tag, async () => ({ id: id(await make.tag()) })),
    { file: "_app.admin.attributemasks.tsx", get: { guard: ADMIN }, post: null },
    { file: "_app.admin.attributemasks_.new.tsx", get: { guard: ADMIN }, post: { guard: ADMIN, intents: none } },
    { file: "_app.admin.attributemasks_.$id.tsx", params: (r) => ({ id: id(r.mask) }), get: { guard: ADMIN }, post: { guard: ADMIN, intents: none } },
    { file: "_app.admin.attributemasks.$id.delete.tsx", params: (r) => ({ id: id(r.mask) }), get: { guard: ADMIN }, post: { guard: ADMIN, intents: none, fresh: async () => ({ id: id(await make.mask()) }) } },
    { file: "_app.admin.serviceattributes.tsx", get: { guard: ADMIN }, post: { guard: ADMIN, intents: [{ intent: "move" }] } },
    { file: "_app.admin.serviceattributes_.new.tsx", get: { guard: ADMIN }, post: { guard: ADMIN, intents: none } },
    { file: "_app.admin.serviceattributes_.$id.tsx", params: (r) => ({ id: id(r.attribute) }), get: { guard: ADMIN }, post: { guard: ADMIN, intents: none } },
    { file: "_app.admin.serviceattributes.$id.delete.tsx", params: (r) => ({ id: id(r.attribute) }), get: { guard: ADMIN }, post: { guard: ADMIN, intents: none, fresh: async () => ({ id: id(await make.attribute()) }) } },
    { file: "_app.admin.serviceheadlines.tsx", get: { guard: ADMIN }, post: { guard: ADMIN, intents: intents("save", "reset") } },
    { file: "_app.admin.servicearea.tsx", get: { guard: ADMIN }, post: { guard: ADMIN, intents: none } },
    { file: "_app.admin.logo.tsx", get: { guard: ADMIN }, post: { guard: ADMIN, intents: [...intents("appBar", "loginForm", "removeLogo"), { intent: null, multipart: true }] } },
    { file: "_app.admin.logs.tsx", get: { guard: ADMIN }, post: { guard: ADMIN, allowed: "405", intents: none } },
    { file: "_app.admin.logs_.$id.tsx", params: (r) => ({ id: id(r.activity) }), get: { guard: ADMIN }, post: { guard: ADMIN, allowed: "405", intents: none } },
    { file: "_app.admin.credits.tsx", get: { guard: SUPERADMIN }, post: { guard: SUPERADMIN, intents: intents("configure", "status") } },
    { file: "_app.admin.supporttickets.tsx", get: { guard: SUPERADMIN }, post: { guard: SUPERADMIN, allowed: "405", intents: none } },
    { file: "_app.admin.systeminfo.tsx", get: { guard: SUPERADMIN }, post: null },
    { file: "_app.admin.systeminfo.messages.new.tsx", get: { guard: SUPERADMIN }, post: { guard: SUPERADMIN, intents: none } },
    { file: "_app.admin.systeminfo.messages.$id.edit.tsx", params: (r) => ({ id: id(r.message) }), get: { guard: SUPERADMIN }, post: { guard: SUPERADMIN, intents: none } },
    { file: "_app.admin.systeminfo.messages.$id.delete.tsx", params: (r) => ({ id: id(r.message) }), get: { guard: SUPERADMIN }, post: { guard: SUPERADMIN, intents: none, fresh: async () => ({ id: id(await make.message()) }) } },
    { file: "_app.admin.systeminfo.patch-notes.new.tsx", get: { guard: SUPERADMIN }, post: { guard: SUPERADMIN, intents: none } },
    { file: "_app.admin.systeminfo.patch-notes.$id.edit.tsx", params: (r) => ({ id: id(r.patchNote) }), get: { guard: SUPERADMIN }, post: { guard: SUPERADMIN, intents: none } },
    { file: "_app.admin.systeminfo.patch-notes.$id.delete.tsx", params: (r) => ({ id: id(r.patchNote) }), get: { guard: SUPERADMIN }, post: { guard: SUPERADMIN, intents: none, fresh: async () => ({ id: id(await make.patchNote()) }) } },
    // The local-login switch exists in Azure mode only; without it every role's POST is refused.
    { file: "_app.admin.usermanagement.tsx", get: { guard: can("manage:users") }, post: { guard: can("manage:users"), allowed: "403", intents: [{ intent: "local-login", body: () => ({ enabled: "true" }) }] } },
    { file: "_app.admin.usermanagement.new.tsx", get: { guard: can("manage:users") }, post: { guard: can("manage:users"), intents: none } },
    { file: "_app.admin.usermanagement.$id.edit.tsx", params: (r) => ({ id: id(r.managedUser) }), get: { guard: can("manage:users") }, post: { guard: can("manage:users"), intents: none } },
    { file: "_app.admin.usermanagement.$id.delete.tsx", params: (r) => ({ id: id(r.managedUser) }), get: { guard: can("manage:users") }, post: { guard: can("manage:users"), intents: none, fresh: async () => ({ id: id(await make.managedUser()) }) } },
    {
      file: "_app.admin.usermanagement_.user.$id.tsx",
      params: (r) => ({ id: id(r.managedUser) }),
      get: { guard: ADMIN },
      post: { guard: ADMIN, intents: [...intents("grant-category", "revoke-category", "grant-service", "revoke-service", "set-word-export")] },
    },
    ...(["grant-all", "remove-all"] as const).map((step): RouteEntry => ({ file: `_app.admin.usermanagement_.user.$id.${step}.tsx`, params: (r) => ({ id: id(r.managedUser) }), get: { guard: ADMIN }, post: { guard: ADMIN, intents: none } })),
    { file: "_app.bin.tsx", get: { guard: ADMIN }, post: { guard: ADMIN, intents: none } },
    { file: "_app.bin.$id.restore.tsx", params: (r) => ({ id: id(r.binned) }), get: { guard: ADMIN }, post: { guard: ADMIN, intents: none, fresh: async () => ({ id: id(await make.binned()) }) } },

    // ------------------------------------------------------------------ catalogue frame
    { file: "_app.catalogframe._index.tsx", get: { guard: ADMIN }, post: null },
    {
      file: "_app.catalogframe.$id.tsx",
      params: (r) => ({ id: id(r.catalogue) }),
      get: { guard: ADMIN },
      post: { guard: ADMIN, intents: intents("frame", "picture-remove", "row-add", "row-save", "row-remove", "row-move", "keyfigures", "section-move", "item-move") },
    },
    { file: "_app.catalogframe.$id.section.$section.tsx", params: (r) => ({ id: id(r.catalogue), section: id(r.section) }), get: { guard: ADMIN }, post: { guard: ADMIN, intents: none } },
    { file: "_app.catalogframe.$id.item.$kind.$item.tsx", params: (r) => ({ id: id(r.catalogue), kind: "paragraph", item: id(r.paragraph) }), get: { guard: ADMIN }, post: { guard: ADMIN, intents: intents("save", "row-add", "row-move", "row-remove") } },
    { file: "_app.catalogframe.$id.delete.$kind.$item.tsx", params: (r) => ({ id: id(r.catalogue), kind: "paragraph", item: id(r.paragraph) }), get: { guard: ADMIN }, post: { guard: ADMIN, intents: none, fresh: async () => make.paragraph() } },
    { file: "catalogframe.$id.print.tsx", params: (r) => ({ id: id(r.catalogue) }), get: { guard: ADMIN }, post: null },

    // ------------------------------------------------------------------ credits
    { file: "_app.credits._index.tsx", get: { guard: can("use:ai") }, post: null },
    { file: "_app.credits.products.tsx", get: { guard: ADMIN }, post: { guard: ADMIN, intents: intents("order", "package", "cancel") } },

    // ------------------------------------------------------------------ template import ("factory")
    { file: "_app.factory.catalog.tsx", get: { guard: ADMIN }, post: null },
    // No template source is configured on the matrix's server: a permitted import answers 502 and the
    // page list 409 (the outside system is missing), never a refusal.
    { file: "_app.factory.catalog.import.tsx", get: { guard: ADMIN }, post: { guard: ADMIN, allowed: "502", intents: intents("select", "import") } },
    { file: "_app.factory.catalog.service.$id.tsx", params: () => ({ id: "1" }), get: { guard: ADMIN }, post: null },
    { file: "factory.catalog.pages.tsx", query: "list=catalogues&page=1", get: { guard: ADMIN, allowed: "409" }, post: null },
    { file: "factory.catalog.batch.tsx", get: null, post: { guard: ADMIN, allowed: "502", intents: none } },
    ...(["kpi", "provider"] as const).flatMap((kind): RouteEntry[] => [
      { file: `_app.factory.${kind}.tsx`, get: { guard: ADMIN }, post: { guard: ADMIN, allowed: "502", intents: intents("import") } },
      { file: `_app.factory.${kind}.$id.tsx`, params: () => ({ id: "1" }), get: { guard: ADMIN }, post: null },
    ]),

    // ------------------------------------------------------------------ outside programs (keys, not sessions)
    ...["api.areas.tsx", "api.categories.tsx", "api.factory.kpis.tsx", "api.factory.providers.tsx", "api.servicecatalog.tsx", "api.services.tsx"].map((file): RouteEntry => ({ file, get: { guard: KEY, anonymous: "401" }, post: null })),
    { file: "api.services_.$id.tsx", params: (r) => ({ id: id(r.service) }), get: { guard: KEY, anonymous: "401" }, post: null },
    { file: "api.releases.tsx", get: { guard: KEY, anonymous: "401" }, post: null },
    { file: "api.releases.$id.services.tsx", params: (r) => ({ id: id(r.release) }), get: { guard: KEY, anonymous: "401" }, post: null },
    { file: "api.billing.orders.$id.tsx", params: (r) => ({ id: id(r.order) }), get: { guard: KEY, anonymous: "401" }, post: { guard: KEY, anonymous: "401", intents: none } },
    { file: "api.openapi[.]json.tsx", get: { guard: PUBLIC }, post: null },
    ...["api.latest-message.tsx", "api.latest-version.tsx", "api.patch-notes.tsx"].map((file): RouteEntry => ({ file, get: { guard: PUBLIC }, post: { guard: PUBLIC, intents: none, allowed: "405" } })),
  ];
}

/** What the entries need to create fresh rows for destructive writes. */
export interface MatrixMake {
  area: () => Promise<number>;
  category: () => Promise<number>;
  service: () => Promise<number>;
  binned: () => Promise<number>;
  owner: () => Promise<number>;
  tag: () => Promise<number>;
  attribute: () => Promise<number>;
  mask: () => Promise<number>;
  message: () => Promise<number>;
  patchNote: () => Promise<number>;
  view: () => Promise<number>;
  /** A withdrawn release (what the delete dialog deletes). */
  withdrawnRelease: () => Promise<number>;
  managedUser: () => Promise<number>;
  /** A paragraph of the catalogue's frame: the params of its delete dialog. */
  paragraph: () => Promise<Record<string, string>>;
}

// ---------------------------------------------------------------------------------------- cells

/** Whether the actor passes the guard, by the access policy. */
export function passes(guard: Guard, actor: Actor): boolean {
  switch (guard.kind) {
    case "public":
      return true;
    case "key":
      return false;
    case "guest":
      return actor === "anonymous";
    case "signedIn":
      return actor !== "anonymous";
    case "superadmin":
      return actor === "superadmin" && roleHasPermission(actor, "access:admin");
    case "permission": {
      if (actor === "anonymous") return false;
      // The matrix users carry no per-user flags (word export) and no grants.
      if (!userHasPermission({ role: actor, wordExport: false }, guard.permission)) return false;
      return !guard.grantScoped || roleHasPermission(actor, "manage:structure");
    }
  }
}

/** The outcome the matrix expects for one actor on one cell. */
export function expectedOutcome(guard: Guard, actor: Actor, method: "GET" | "POST", answers: Answers = {}): Outcome {
  if (guard.kind === "key") return answers.anonymous ?? "401";
  if (guard.kind === "guest") return actor === "anonymous" ? (answers.allowed ?? "allowed") : "redirect:/dashboard";
  if (passes(guard, actor)) return answers.allowed ?? "allowed";
  if (actor === "anonymous") return answers.anonymous ?? "login";
  return answers.refused ?? (method === "GET" ? "unauthorized" : "403");
}

/** One request of the matrix and what it must answer. */
export interface Cell {
  entry: RouteEntry;
  actor: Actor;
  method: "GET" | "POST";
  intent?: IntentCell;
  expected: Outcome;
  /** A write the actor may make (checked for not being refused); every other write must change nothing. */
  permitted?: boolean;
}

/** Every cell of the matrix: each entry × each actor × its GET and each intent. */
export function matrixCells(entries: RouteEntry[]): { get: Cell[]; post: Cell[] } {
  const get: Cell[] = [];
  const post: Cell[] = [];
  for (const entry of entries) {
    for (const actor of ACTORS) {
      if (entry.get) get.push({ entry, actor, method: "GET", expected: expectedOutcome(entry.get.guard, actor, "GET", entry.get) });
      for (const intent of entry.post?.intents ?? []) {
        const action = entry.post!;
        const guard = intent.guard ?? action.guard;
        // An intent's stricter guard refuses on top of the action's.
        const outer = expectedOutcome(action.guard, actor, "POST", action);
        const expected = outer === "allowed" || outer === action.allowed ? expectedOutcome(guard, actor, "POST", { ...action, ...intent }) : outer;
        const permitted = passes(action.guard, actor) && passes(guard, actor) && !["401", "403", "404", "405"].includes(expected);
        post.push({ entry, actor, method: "POST", intent, expected, permitted });
      }
    }
  }
  return { get, post };
}
