import crypto from "node:crypto";
import { Parser } from "htmlparser2";
import { HOSTILE_VALUES, percentEncode, unescapedMarker, type HostileValue } from "./hostile-values";
import { rawRequest, type RawAnswer } from "./raw-http";

/**
 * The fuzz walk of issue 21 item 2 (tests/e2e/fuzz.http.spec.ts, `npm run fuzz`): crawl the app
 * as a browser without JS would see it, collect every form (action, method, every named field,
 * hidden ones included) and every link's query parameters, then send each field and parameter
 * each hostile value (the other fields keep their page values) and record what came back.
 */

export interface Field {
  name: string;
  type: string;
  value: string;
  /** Sent with the form as the page stands (checked boxes, the selected option, not disabled). */
  sent: boolean;
  accept?: string;
}

export interface PageForm {
  /** The page the form was found on (for a fresh copy of its hidden values). */
  page: string;
  action: string;
  method: "get" | "post";
  multipart: boolean;
  fields: Field[];
  /** The submit button's name and value (often the form's intent). */
  submit?: { name: string; value: string };
}

export interface ParsedPage {
  links: string[];
  forms: PageForm[];
}

/** Forms, submit buttons and same-origin links of one HTML page. */
export function parsePage(html: string, pageUrl: string, origin: string): ParsedPage {
  const links: string[] = [];
  const forms: PageForm[] = [];
  let form: (Omit<PageForm, "submit"> & { submits: { name: string; value: string }[] }) | null = null;
  let select: Field | null = null;
  let firstOption: string | null = null;
  let textarea: Field | null = null;
  let option: { value: string | null; selected: boolean; text: string } | null = null;
  const resolve = (href: string) => {
    try {
      const url = new URL(href, origin + pageUrl);
      return url.origin === origin ? url.pathname + url.search : null;
    } catch {
      return null;
    }
  };
  const parser = new Parser(
    {
      onopentag(tag, a) {
        if (tag === "a" && a.href) {
          const target = resolve(a.href);
          if (target) links.push(target);
        }
        if (tag === "form") {
          const action = resolve(a.action ?? "") ?? pageUrl;
          form = {
            page: pageUrl,
            action: a.action === undefined ? pageUrl : action,
            method: (a.method ?? "get").toLowerCase() === "post" ? "post" : "get",
            multipart: (a.enctype ?? "").toLowerCase() === "multipart/form-data",
            fields: [],
            submits: [],
          };
        }
        if (!form) return;
        const disabled = a.disabled !== undefined;
        if (tag === "input" && a.name) {
          const type = (a.type ?? "text").toLowerCase();
          if (type === "submit" || type === "image") form.submits.push({ name: a.name, value: a.value ?? "" });
          else if (type === "checkbox" || type === "radio") form.fields.push({ name: a.name, type, value: a.value ?? "on", sent: a.checked !== undefined && !disabled });
          else form.fields.push({ name: a.name, type, value: a.value ?? "", sent: !disabled && type !== "file", accept: a.accept });
        }
        if (tag === "button" && a.name && (a.type ?? "submit").toLowerCase() === "submit") form.submits.push({ name: a.name, value: a.value ?? "" });
        if (tag === "select" && a.name) {
          select = { name: a.name, type: "select", value: "", sent: !disabled };
          firstOption = null;
          form.fields.push(select);
        }
        if (tag === "option" && select) option = { value: a.value ?? null, selected: a.selected !== undefined, text: "" };
        if (tag === "textarea" && a.name) {
          textarea = { name: a.name, type: "textarea", value: "", sent: !disabled };
          form.fields.push(textarea);
        }
      },
      ontext(text) {
        if (textarea) textarea.value += text;
        if (option) option.text += text;
      },
      onclosetag(tag) {
        if (tag === "option" && option && select) {
          const value = option.value ?? option.text.trim();
          if (firstOption === null || option.selected) select.value = value;
          if (firstOption === null) firstOption = value;
          option = null;
        }
        if (tag === "select") select = null;
        if (tag === "textarea") textarea = null;
        if (tag === "form" && form) {
          const { submits, ...rest } = form;
          if (submits.length === 0) forms.push(rest);
          for (const submit of submits) forms.push({ ...rest, submit });
          form = null;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return { links, forms };
}

/** A path with its ids replaced, so /servicecatalog/service/12 and /…/13 count once. */
export function routePattern(pathAndQuery: string): string {
  const [path, query = ""] = pathAndQuery.split("?");
  const pattern = path
    .split("/")
    .map((segment) => (/^-?\d+$/.test(segment) || /^[A-Za-z0-9_-]{20,}$/.test(segment) ? ":id" : segment))
    .join("/");
  const keys = [...new Set([...new URLSearchParams(query).keys()])].sort();
  return keys.length ? `${pattern}?${keys.join("&")}` : pattern;
}

/** Query parameters of a form's action that only say where to return or what the page showed. */
const NAVIGATION = new Set(["redirectTo", "sort", "dir", "page", "cpage", "view", "status", "type", "missing", "filters", "catalogue", "confirm", "category", "q", "tab", "edit"]);

export function formKey(form: PageForm): string {
  const names = [...new Set(form.fields.map((f) => f.name))].sort().join(",");
  const [path, query = ""] = form.action.split("?");
  const kept = new URLSearchParams([...new URLSearchParams(query)].filter(([k]) => !NAVIGATION.has(k))).toString();
  // A button's value tells forms apart when it names an intent, not when it is a row's number.
  const submit = form.submit ? `${form.submit.name}=${/^-?\d+$/.test(form.submit.value) ? ":n" : form.submit.value}` : "";
  return `${form.method.toUpperCase()} ${routePattern(kept ? `${path}?${kept}` : path)} [${submit}] ${names}`;
}

/** Links a crawl must not follow: signing out, outside programs, downloads of the whole catalogue. */
const SKIP_LINK = /^\/(logout|auth\/azure|api\/)|\.docx(\?|$)/;
/** Forms a fuzz must not send: signing out. */
const SKIP_FORM = /^\/logout/;

export interface Crawl {
  pages: string[];
  forms: PageForm[];
  /** Links with a query string, one per route pattern. */
  queries: string[];
}

/**
 * Breadth-first from `start`, following same-origin links up to `maxPages` pages, one page per
 * route pattern. Each role crawls on its own: skipping what a more privileged role had seen left
 * the plain user with one page and no form (issue 31 item 11), and the same form runs other
 * permission checks (a user's grants, a key user's limits) for each role.
 */
export async function crawl(base: string, cookie: () => Promise<string>, start: string[], maxPages: number): Promise<Crawl> {
  const origin = new URL(base).origin;
  const queue = [...start];
  const seenPages = new Set<string>();
  const seenForms = new Set<string>();
  const seenQueries = new Set<string>();
  const result: Crawl = { pages: [], forms: [], queries: [] };
  for (const s of start) seenPages.add(routePattern(s));
  while (queue.length && result.pages.length < maxPages) {
    const page = queue.shift()!;
    const answer = await send(base, { path: page, headers: { Cookie: await cookie(), Accept: "text/html" } });
    if (answer.status !== 200 || !String(answer.headers["content-type"]).includes("text/html")) continue;
    result.pages.push(page);
    const { links, forms } = parsePage(answer.body, page, origin);
    for (const form of forms) {
      const key = formKey(form);
      if (SKIP_FORM.test(form.action) || seenForms.has(key)) continue;
      seenForms.add(key);
      result.forms.push(form);
    }
    for (const link of links) {
      if (SKIP_LINK.test(link)) continue;
      const pattern = routePattern(link);
      if (link.includes("?") && !seenQueries.has(pattern)) {
        seenQueries.add(pattern);
        result.queries.push(link);
      }
      if (!seenPages.has(pattern)) {
        seenPages.add(pattern);
        queue.push(link);
      }
    }
  }
  return result;
}

type Pair = [string, Buffer];

function urlencodedBody(pairs: Pair[]): Buffer {
  const parts: Buffer[] = [];
  pairs.forEach(([name, value], i) => parts.push(Buffer.from(`${i ? "&" : ""}${percentEncode(name)}=`), value));
  return Buffer.concat(parts);
}

export interface FilePart {
  name: string;
  filename: string;
  type: string;
  content: Buffer;
}

export function multipartBody(pairs: Pair[], files: FilePart[]): { body: Buffer; type: string } {
  const boundary = `----fuzz${crypto.randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = [];
  for (const [name, value] of pairs) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/"/g, "%22")}"\r\n\r\n`), value, Buffer.from("\r\n"));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.content,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/** The form as the page would send it, with `field` given `value` (or its structure changed). */
function formPairs(form: PageForm, field: string | null, value: HostileValue | null, multipart: boolean): Pair[] {
  const enc = (s: string) => (multipart ? Buffer.from(s, "utf8") : Buffer.from(percentEncode(s)));
  const hostile = value ? (multipart ? value.multipart : value.urlencoded) : Buffer.alloc(0);
  const pairs: Pair[] = [];
  let placed = false;
  const place = () => {
    placed = true;
    if (!value || value.shape === "missing") return;
    if (value.shape === "array") pairs.push([`${field}[0]`, hostile], [`${field}[1]`, enc("1")]);
    else if (value.shape === "object") pairs.push([`${field}.x`, hostile], [`${field}.__proto__`, enc("1")]);
    else pairs.push([field!, hostile]);
  };
  const fields = form.submit ? [...form.fields, { name: form.submit.name, type: "submit", value: form.submit.value, sent: true }] : form.fields;
  for (const f of fields) {
    if (f.name === field) {
      if (value?.shape === "duplicate") {
        pairs.push([f.name, enc(f.value)], [f.name, hostile]);
        placed = true;
      } else if (!placed) place();
      continue;
    }
    if (f.sent) pairs.push([f.name, enc(f.value)]);
  }
  if (field && !placed) place();
  return pairs;
}

export function formRequest(form: PageForm, field: string | null, value: HostileValue | null, files: FilePart[] = []) {
  if (form.method === "get") {
    const pairs = formPairs(form, field, value, false);
    const query = pairs.map(([n, v]) => `${percentEncode(n)}=${value && v === value.urlencoded ? value.query : v.toString("latin1")}`).join("&");
    const [path] = form.action.split("?");
    return { method: "GET", path: `${path}?${query}` };
  }
  if (form.multipart || files.length) {
    const { body, type } = multipartBody(formPairs(form, field, value, true), files);
    return { method: "POST", path: form.action, body, type };
  }
  return { method: "POST", path: form.action, body: urlencodedBody(formPairs(form, field, value, false)), type: "application/x-www-form-urlencoded" };
}

/** The link with one query parameter given a hostile value (or removed, doubled, made an array). */
export function queryRequest(link: string, param: string, value: HostileValue): string {
  const [path, query] = link.split("?");
  const pairs = [...new URLSearchParams(query)];
  const out: string[] = [];
  let placed = false;
  for (const [name, original] of pairs) {
    if (name !== param) {
      out.push(`${percentEncode(name)}=${percentEncode(original)}`);
      continue;
    }
    if (placed) continue;
    placed = true;
    if (value.shape === "missing") continue;
    if (value.shape === "duplicate") out.push(`${percentEncode(name)}=${percentEncode(original)}`, `${percentEncode(name)}=${value.query}`);
    else if (value.shape === "array") out.push(`${percentEncode(name)}[]=${value.query}`, `${percentEncode(name)}[]=1`);
    else if (value.shape === "object") out.push(`${percentEncode(name)}.x=${value.query}`);
    else out.push(`${percentEncode(name)}=${value.query}`);
  }
  return `${path}?${out.join("&")}`;
}

export interface Finding {
  /** Who sent it (a role, or anonymous). */
  role: string;
  where: string;
  field: string;
  value: string;
  status: number;
  detail?: string;
}

export class FuzzReport {
  requests = 0;
  fields = new Set<string>();
  parameters = new Set<string>();
  statuses = new Map<number, number>();
  serverErrors: Finding[] = [];
  /** Connections closed without an answer. */
  noAnswers: Finding[] = [];
  reflections: Finding[] = [];
  silentRefusals: Finding[] = [];
  /** Values per field or parameter (each must reach its share). */
  perTarget = new Map<string, number>();
  /** Fields and parameters sent hostile values, and requests, per role (the per-role coverage). */
  fieldsBy = new Map<string, Set<string>>();
  parametersBy = new Map<string, Set<string>>();
  requestsBy = new Map<string, number>();

  constructor(private log?: (line: string) => void) {}

  /** A form field or query parameter that `role` is about to send values to. */
  target(role: string, kind: "field" | "parameter", target: string) {
    (kind === "field" ? this.fields : this.parameters).add(target);
    const byRole = kind === "field" ? this.fieldsBy : this.parametersBy;
    byRole.set(role, (byRole.get(role) ?? new Set()).add(target));
  }

  record(role: string, where: string, field: string, value: string, answer: RawAnswer) {
    const before = this.serverErrors.length + this.noAnswers.length + this.reflections.length + this.silentRefusals.length;
    this.add(role, where, field, value, answer);
    if (this.serverErrors.length + this.noAnswers.length + this.reflections.length + this.silentRefusals.length > before) {
      this.log?.(`finding: (${role}) ${where} ${field} ← ${value}: ${answer.status} ${answer.body.slice(0, 160).replace(/\s+/g, " ")}`);
    }
    if (this.requests % 500 === 0) {
      this.log?.(`${this.requests} requests, ${this.fields.size} fields, ${this.parameters.size} parameters, ${this.serverErrors.length} 5xx, ${this.noAnswers.length} without answer, ${this.reflections.length} reflections`);
    }
  }

  private add(role: string, where: string, field: string, value: string, answer: RawAnswer) {
    this.requests++;
    this.requestsBy.set(role, (this.requestsBy.get(role) ?? 0) + 1);
    const target = `${role} ${where} ${field}`;
    this.perTarget.set(target, (this.perTarget.get(target) ?? 0) + 1);
    this.statuses.set(answer.status, (this.statuses.get(answer.status) ?? 0) + 1);
    const finding = { role, where, field, value, status: answer.status };
    if (answer.status === 0) this.noAnswers.push({ ...finding, detail: answer.body });
    if (answer.status >= 500) this.serverErrors.push({ ...finding, detail: answer.body.slice(0, 200) });
    const html = String(answer.headers["content-type"] ?? "").includes("html");
    const marker = html ? unescapedMarker(answer.body) : null;
    if (marker) this.reflections.push({ ...finding, detail: contextOf(answer.body, marker) });
    if (answer.status >= 400 && answer.status < 500 && answer.body.trim() === "") this.silentRefusals.push(finding);
  }

  summary() {
    return {
      requests: this.requests,
      fields: this.fields.size,
      parameters: this.parameters.size,
      statuses: Object.fromEntries([...this.statuses].sort((a, b) => a[0] - b[0])),
      serverErrors: this.serverErrors.length,
      noAnswers: this.noAnswers.length,
      unescapedReflections: this.reflections.length,
      refusalsWithoutMessage: this.silentRefusals.length,
      fewestValuesPerTarget: Math.min(...[...this.perTarget].filter(([target]) => !target.endsWith(STORED)).map(([, n]) => n)),
    };
  }
}

function contextOf(body: string, marker: string) {
  const at = body.indexOf(marker);
  return body.slice(Math.max(0, at - 120), at + marker.length + 40);
}

export interface FuzzOptions {
  base: string;
  /** A valid session cookie for the role that found the target (renewed when a fuzz request ended it). */
  cookie: (role: string) => Promise<string>;
  /** Which values a field or parameter gets (all of them in the full run; a share in `npm test`). */
  valuesFor: (targetIndex: number) => readonly HostileValue[];
  concurrency: number;
  /** A fresh client address per request, so per-client limits (sign-in, reset) do not hide the validation. */
  clientAddress: () => string;
  log?: (line: string) => void;
}

/** How long one answer may take before it counts as none. */
const ANSWER_TIMEOUT_MS = 60_000;

/** A request whose connection broke (or stayed silent) before an answer came counts as status 0 (no answer). */
async function send(base: string, req: Parameters<typeof rawRequest>[1]): Promise<RawAnswer> {
  let timer: NodeJS.Timeout | undefined;
  const silent = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_TIMEOUT_MS / 1000} s`)), ANSWER_TIMEOUT_MS);
  });
  try {
    return await Promise.race([rawRequest(base, req), silent]);
  } catch (error) {
    return { status: 0, headers: {}, body: `no answer: ${(error as Error).message}` };
  } finally {
    clearTimeout(timer);
  }
}

export async function pool<T>(items: readonly T[], concurrency: number, run: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await run(items[next++]);
    }),
  );
}

/** A fresh copy of the form from its page (current version fields), or null when it is gone. */
async function freshForm(opts: FuzzOptions, role: string, form: PageForm): Promise<PageForm | null> {
  const answer = await send(opts.base, { path: form.page, headers: { Cookie: await opts.cookie(role), Accept: "text/html" } });
  if (answer.status !== 200) return null;
  const key = formKey(form);
  return parsePage(answer.body, form.page, new URL(opts.base).origin).forms.find((f) => formKey(f) === key) ?? null;
}

/** Sends every field of every form each of its values. */
export async function fuzzForms(opts: FuzzOptions, report: FuzzReport, targets: { role: string; form: PageForm }[]) {
  let index = 0;
  let done = 0;
  for (const { role, form: found } of targets) {
    const key = formKey(found);
    opts.log?.(`form ${++done}/${targets.length} ${key.slice(0, 160)} (${report.requests} requests so far)`);
    const names = [...new Set([...found.fields.filter((f) => f.type !== "file").map((f) => f.name), ...(found.submit ? [found.submit.name] : [])])];
    // A fresh copy of the form (its version fields) before the first field and after any field whose values were accepted.
    let dirty = true;
    let form = found;
    for (const name of names) {
      const values = opts.valuesFor(index++);
      if (values.length === 0) continue;
      if (dirty) form = (await freshForm(opts, role, found)) ?? found;
      dirty = false;
      report.target(role, "field", `${key} ${name}`);
      await pool(values, opts.concurrency, async (value) => {
        const req = formRequest(form, name, value);
        const headers: Record<string, string> = { Cookie: await opts.cookie(role), Accept: "text/html" };
        if (req.body) Object.assign(headers, { "Content-Type": req.type, "Content-Length": String(req.body.length) });
        const answer = await send(opts.base, { method: req.method, path: req.path, headers, body: req.body, localAddress: opts.clientAddress() });
        report.record(role, key, name, value.name, answer);
        if (answer.status < 400) dirty = true;
      });
    }
  }
}

/** Sends every query parameter of every link each of its values. */
export async function fuzzQueries(opts: FuzzOptions, report: FuzzReport, links: { role: string; link: string }[], offset = 0) {
  let index = offset;
  for (const { role, link } of links) {
    const pattern = routePattern(link);
    for (const param of [...new Set(new URLSearchParams(link.split("?")[1]).keys())]) {
      const values = opts.valuesFor(index++);
      if (values.length === 0) continue;
      report.target(role, "parameter", `${pattern} ${param}`);
      await pool(values, opts.concurrency, async (value) => {
        const path = queryRequest(link, param, value);
        const answer = await send(opts.base, { path, headers: { Cookie: await opts.cookie(role), Accept: "text/html" }, localAddress: opts.clientAddress() });
        report.record(role, `GET ${pattern}`, param, value.name, answer);
      });
    }
  }
}

const STORED = "(stored values)";

/** Every page once more: what the fuzz stored must come back escaped everywhere. */
export async function recheckPages(opts: FuzzOptions, report: FuzzReport, pages: { role: string; page: string }[]) {
  await pool(pages, opts.concurrency, async ({ role, page }) => {
    const answer = await send(opts.base, { path: page, headers: { Cookie: await opts.cookie(role), Accept: "text/html" } });
    report.record(role, `GET ${routePattern(page)}`, STORED, "after the fuzz", answer);
  });
}

/**
 * A sample for a short run: every `every`-th field or parameter (from `offset`) gets `count`
 * values, rotating through the list so that neighbouring targets get different values; the
 * others get none. Another offset covers other targets.
 */
export function rotatingShare(count: number, every = 1, offset = 0): (index: number) => readonly HostileValue[] {
  return (index) => (index % every !== offset % every ? [] : Array.from({ length: count }, (_, i) => HOSTILE_VALUES[(Math.floor(index / every) * count + i) % HOSTILE_VALUES.length]));
}

/** A loopback address of its own for each request (127.x.y.z). */
export function anyLoopback(): string {
  const [a, b, c] = crypto.randomBytes(3);
  return `127.${a || 1}.${b}.${(c % 250) + 2}`;
}
