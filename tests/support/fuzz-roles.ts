import type { DB } from "~/server/db/db.server";
import { formKey, routePattern, type Crawl, type FuzzReport } from "./fuzz-crawler";

/**
 * Who the fuzz signs in as, where each role's crawl starts and what it must reach (issue 31 item
 * 11: the plain user's crawl had reached 1 page and 0 forms), and the per-role coverage printed
 * by `npm run fuzz` and checked by tests/e2e/fuzz.http.spec.ts.
 */

export type Found = { role: string; crawl: Crawl }[];

/**
 * The service the fuzz's plain user may edit (sessions() grants its category to every `user`
 * account it makes): the first live one of the catalogue a new account sees. Without a grant a
 * `user` has no editing form at all, and grants are what its permission checks are about.
 */
export async function grantedService(db: DB): Promise<{ id: number; categoryId: number } | undefined> {
  const catalogue = await db.selectFrom("service_catalogues").select("id").where("id", ">", 0).orderBy("id").executeTakeFirst();
  const row = await db
    .selectFrom("services")
    .select(["id", "category_id"])
    .where("service_catalogue_id", "=", catalogue?.id ?? -1)
    .where("deleted_at", "is", null)
    .where("category_id", "is not", null)
    .orderBy("id")
    .executeTakeFirst();
  return row?.category_id ? { id: row.id, categoryId: row.category_id } : undefined;
}

export interface RoleCrawl {
  /** A role, or "anonymous" (signed out). */
  role: string;
  /** Where the crawl starts; `granted` is the plain user's editable service. */
  start: (granted: number | undefined) => string[];
  maxPages?: number;
  /** What the crawl reaches at least on the demo data; fewer means it lost its way (signed out, a first-login screen, a skip list). */
  minimum: { pages: number; forms: number };
  /** Forms it must find, by formKey (method, route pattern, [submit], field names). */
  must: Record<string, RegExp>;
}

/** The service form with the name (the one a `user` may only send for a granted service). */
const serviceEdit = /^POST \/servicecatalog\/service\/:id \[\] .*\bname\b/;

/** Most privileged first; the thresholds sit ~20% below what each crawl reached on 2026-11-28. */
export const ROLE_CRAWLS: RoleCrawl[] = [
  {
    role: "superadmin",
    start: () => ["/dashboard", "/settings", "/catalogframe", "/servicecatalog?view=1", "/servicecatalog?view=3", "/admin/systeminfo"],
    minimum: { pages: 150, forms: 130 },
    must: { "user management": /^POST \/admin\/usermanagement\/new /, "service edit": serviceEdit, "catalogue frame": /^POST \/catalogframe\/:id/ },
  },
  {
    role: "keyuser",
    start: () => ["/dashboard"],
    minimum: { pages: 75, forms: 50 },
    must: {
      "service edit": serviceEdit,
      "new owner": /^POST \/basedata\/owner\/new /,
      "owner edit": /^POST \/basedata\/owner\/:id\/edit /,
      "new KPI": /^POST \/basedata\/kpis\/new /,
      "new provider": /^POST \/basedata\/provider\/new /,
      "new term": /^POST \/basedata\/termdefinitions\/new /,
      "customer data": /^POST \/basedata\/customerdata /,
    },
  },
  {
    role: "user",
    start: (granted) => ["/dashboard", ...(granted ? [`/servicecatalog/service/${granted}`] : [])],
    minimum: { pages: 40, forms: 30 },
    must: { "service edit": serviceEdit, password: /^POST \/settings\/password /, support: /^POST \/support /, "CSV import": /^POST \/tools \[\] file$/ },
  },
  {
    role: "client",
    start: () => ["/dashboard"],
    // The client reads the demo catalogue's release 2026.1 (issue 35 §6): its pages and filters, not
    // the working copy's browser, views and tools, whose forms the user's crawl reaches.
    minimum: { pages: 20, forms: 6 },
    must: { password: /^POST \/settings\/password /, support: /^POST \/support / },
  },
  {
    role: "anonymous",
    start: () => ["/login", "/reset-password", "/reset-password/no-such-token"],
    maxPages: 10,
    minimum: { pages: 3, forms: 3 },
    must: { "sign-in": /^POST \/login \[\] email,password,redirectTo$/, reset: /^POST \/reset-password \[\] email$/ },
  },
];

/** The fields and parameters a fuzz sends values to, as fuzzForms and fuzzQueries pick them. */
function targetsOf(c: Crawl) {
  const fields = c.forms.flatMap((form) =>
    [...form.fields.filter((f) => f.type !== "file").map((f) => f.name), ...(form.submit ? [form.submit.name] : [])].map((name) => `${formKey(form)} ${name}`),
  );
  const parameters = c.queries.flatMap((link) => [...new URLSearchParams(link.split("?")[1]).keys()].map((param) => `${routePattern(link)} ${param}`));
  return { fields: new Set(fields).size, parameters: new Set(parameters).size };
}

export interface RoleCoverage {
  role: string;
  pages: number;
  forms: number;
  fields: number;
  parameters: number;
  /** After a fuzz: the fields and parameters sent values (a share of them in `npm test`) and the requests. */
  fuzzed?: { fields: number; parameters: number; requests: number };
}

/** Per role: what its crawl reached and, after a fuzz, what it sent values to. */
export function coverage(found: Found, report?: FuzzReport): RoleCoverage[] {
  return found.map(({ role, crawl }) => ({
    role,
    pages: crawl.pages.length,
    forms: crawl.forms.length,
    ...targetsOf(crawl),
    ...(report && { fuzzed: { fields: report.fieldsBy.get(role)?.size ?? 0, parameters: report.parametersBy.get(role)?.size ?? 0, requests: report.requestsBy.get(role) ?? 0 } }),
  }));
}

export function coverageTable(rows: RoleCoverage[]): string {
  const fuzzed = rows.some((r) => r.fuzzed);
  const head = ["role", "pages", "forms", "fields", "parameters", ...(fuzzed ? ["fuzzed fields", "fuzzed parameters", "requests"] : [])];
  const cells = rows.map((r) => [r.role, r.pages, r.forms, r.fields, r.parameters, ...(fuzzed ? [r.fuzzed?.fields ?? 0, r.fuzzed?.parameters ?? 0, r.fuzzed?.requests ?? 0] : [])].map(String));
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  return [head, ...cells].map((line) => line.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ")).join("\n");
}

/** What a role's crawl should have reached and did not (empty when every crawl did its job). */
export function shortfalls(found: Found): string[] {
  return found.flatMap(({ role, crawl }) => {
    const expected = ROLE_CRAWLS.find((r) => r.role === role);
    if (!expected) return [`${role}: not a role the fuzz knows`];
    const keys = crawl.forms.map(formKey);
    const problems: string[] = [];
    if (crawl.pages.length < expected.minimum.pages) problems.push(`${role}: ${crawl.pages.length} pages, expected at least ${expected.minimum.pages}`);
    if (crawl.forms.length < expected.minimum.forms) problems.push(`${role}: ${crawl.forms.length} forms, expected at least ${expected.minimum.forms}`);
    for (const [name, key] of Object.entries(expected.must)) if (!keys.some((k) => key.test(k))) problems.push(`${role}: no ${name} form (${key.source})`);
    return problems;
  });
}
