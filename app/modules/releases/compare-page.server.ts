import type { LoaderFunctionArgs } from "@remix-run/node";
import type { TFunction } from "i18next";
import { requirePermission } from "~/modules/access/policy.server";
import { userHasPermission } from "~/modules/access/policy";
import type { SessionUser } from "~/modules/access/user.server";
import { getCurrentCatalogueId } from "~/modules/catalogue/catalogue.server";
import { getT, i18nInstance } from "~/i18n/i18next.server";
import { historyLabel } from "~/ui/history/history-values";
import { csvResponse, toCsv } from "~/server/csv.server";
import { getDb } from "~/server/db/db.server";
import type { Executor } from "~/server/audit.server";
import { refusal } from "~/server/refusal.server";
import { changedFieldKeys, CHANGE_KINDS, compareSides, serviceDifference, type ChangeKind, type Comparison, type Side } from "./release-compare.server";
import { getRelease, releasesOf, type ReleaseRow } from "./releases.server";
import { idOr404 } from "~/server/ids.server";
import { withWordDiffs } from "~/ui/history/history-diff.server";

/**
 * /servicecatalog/releases/compare (GET form: from, to, filters), its CSV and one service's
 * difference (issue 35 §5). `to=working` is the working copy of the releases' catalogue.
 */

export const WORKING = "working";
/** Changed services whose fields the change list and the CSV name; more are listed by name only. */
const FIELD_LIST_MAX = 500;

const positive = (raw: string | null) => (raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

async function readable(user: SessionUser, id: number | null): Promise<ReleaseRow | null> {
  if (id === null) return null;
  const release = await getRelease(getDb(), id);
  if (!release || (release.state === "withdrawn" && !userHasPermission(user, "publish:release"))) return null;
  return release;
}

/** The two sides of the request: `to` a release or the working copy, `from` a release (default: the one before `to`). */
async function sidesOf(request: Request, user: SessionUser) {
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const catalogueId = await getCurrentCatalogueId(db, user.id);
  const releases = await releasesOf(db, catalogueId, { withWithdrawn: userHasPermission(user, "publish:release") });
  const toRaw = params.get("to");
  const fromRaw = params.get("from");
  const named = async (raw: string | null) => {
    const release = await readable(user, positive(raw));
    if (!release) throw refusal(404);
    return release;
  };
  let toRelease = toRaw && toRaw !== WORKING ? await named(toRaw) : null;
  let fromRelease = fromRaw ? await named(fromRaw) : null;
  if (!toRaw && !fromRaw) {
    // The latest release against the one before it; with only one, that one against the working copy.
    toRelease = releases.length >= 2 ? releases[0]! : null;
    fromRelease = releases.length >= 2 ? releases[1]! : (releases[0] ?? null);
  } else if (!fromRaw && toRelease) {
    const index = releases.findIndex((r) => r.id === toRelease!.id);
    fromRelease = index >= 0 ? (releases[index + 1] ?? null) : null;
  }
  if (fromRelease && toRelease && fromRelease.catalogueId !== toRelease.catalogueId) throw refusal(404);
  const from: Side | null = fromRelease ? { kind: "release", release: fromRelease } : null;
  const to: Side | null = toRelease ? { kind: "release", release: toRelease } : fromRelease ? { kind: "working", catalogueId: fromRelease.catalogueId } : null;
  const fromId = fromRelease?.id ?? null;
  const toId = toRelease?.id ?? (to ? WORKING : null);
  return { releases, from, to, fromId, toId };
}

function filtersOf(request: Request) {
  const params = new URL(request.url).searchParams;
  const change = params.get("change");
  return {
    change: (CHANGE_KINDS as readonly string[]).includes(change ?? "") ? (change as ChangeKind) : null,
    area: positive(params.get("area")),
    category: positive(params.get("category")),
  };
}

function filtered(comparison: Comparison, filters: ReturnType<typeof filtersOf>) {
  return comparison.services.filter((s) => {
    if (filters.change && !s.changes.includes(filters.change)) return false;
    const places = [s.from, s.to].filter((p) => p !== null);
    if (filters.area && !places.some((p) => p.areaId === filters.area)) return false;
    if (filters.category && !places.some((p) => p.categoryId === filters.category)) return false;
    return true;
  });
}

/** Field names of the changed services (up to FIELD_LIST_MAX), with each attribute's own name. */
async function changedFields(db: Executor, from: Side, to: Side, services: Comparison["services"]) {
  const fields = new Map<number, string[]>();
  const labels: Record<string, string> = {};
  for (const s of services.filter((x) => x.changes.includes("changed")).slice(0, FIELD_LIST_MAX)) {
    const difference = await serviceDifference(db, from, to, s.id);
    if (!difference) continue;
    Object.assign(labels, difference.attributeLabels);
    fields.set(s.id, changedFieldKeys(difference));
  }
  return { fields, labels };
}

/** A field's label in a language: the history's, the service page's, the shared ones, an attribute's own name. */
function fieldLabeller(t: TFunction, labels: Record<string, string>) {
  const exists = (key: string) => t(key, { defaultValue: "\u0000" }) !== "\u0000";
  return (key: string) =>
    labels[key] ?? historyLabel(t, exists, key, (k) => (exists(`service.fields.${k}`) ? t(`service.fields.${k}`) : exists(`releasecompare.fields.${k}`) ? t(`releasecompare.fields.${k}`) : undefined)) ?? key;
}

/** The readable change list (for the next release note) in one language. */
function changeList(t: TFunction, services: Comparison["services"], fields: Map<number, string[]>, labels: Record<string, string>) {
  const label = fieldLabeller(t, labels);
  const place = (p: { area: string | null; category: string | null } | null) => [p?.area, p?.category].filter(Boolean).join(" › ") || t("releases.withoutCategory");
  const lines: string[] = [];
  for (const kind of CHANGE_KINDS) {
    const of = services.filter((s) => s.changes.includes(kind));
    if (!of.length) continue;
    lines.push(`${t(`releasecompare.kinds.${kind}`)} (${of.length}):`);
    for (const s of of) {
      const detail =
        kind === "moved"
          ? ` (${place(s.from)} → ${place(s.to)})`
          : kind === "changed" && fields.get(s.id)?.length
            ? ` (${fields.get(s.id)!.map(label).join(", ")})`
            : kind === "changed" && s.formerName
              ? ` (${t("releasecompare.formerly", { name: s.formerName })})`
              : "";
      lines.push(`- ${s.name}${detail}`);
    }
    lines.push("");
  }
  return lines.join("\n").trim();
}

export async function compareLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "read:working-copy");
  const { releases, from, to, fromId, toId } = await sidesOf(request, user);
  const filters = filtersOf(request);
  const choices = releases.map((r) => ({ id: r.id, label: r.label, withdrawn: r.state === "withdrawn" }));
  if (!from || !to) return { choices, fromId, toId, filters, comparison: null };
  const db = getDb();
  const comparison = await compareSides(db, from, to);
  const services = filtered(comparison, filters);
  const { fields, labels } = await changedFields(db, from, to, services);
  const [de, en] = await Promise.all([i18nInstance("de"), i18nInstance("en")]);
  return {
    choices,
    fromId,
    toId,
    filters,
    comparison: {
      counts: comparison.counts,
      areas: comparison.areas,
      categories: comparison.categories,
      services: services.map((s) => ({ ...s, fields: fields.get(s.id) ?? null })),
      labels,
      changeList: { de: changeList(de.getFixedT("de", "common"), services, fields, labels), en: changeList(en.getFixedT("en", "common"), services, fields, labels) },
    },
  };
}

export async function compareCsvLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "read:working-copy");
  const { from, to, fromId, toId } = await sidesOf(request, user);
  if (!from || !to) throw refusal(404);
  const db = getDb();
  const services = filtered(await compareSides(db, from, to), filtersOf(request));
  const { fields, labels } = await changedFields(db, from, to, services);
  const t = await getT(request);
  const label = fieldLabeller(t, labels);
  const h = (key: string) => t(`releasecompare.csv.${key}`);
  const rows = services.map((s) => [
    s.id,
    s.name,
    s.changes.map((c) => t(`releasecompare.kinds.${c}`)).join(", "),
    s.from?.area ?? "",
    s.from?.category ?? "",
    s.to?.area ?? "",
    s.to?.category ?? "",
    (fields.get(s.id) ?? []).map(label).join(", "),
  ]);
  const name = (id: number | string | null) => (id === WORKING ? t("releasecompare.working") : (from.kind === "release" && from.release.id === id ? from.release.label : to.kind === "release" ? to.release.label : String(id)));
  return csvResponse(`${t("releasecompare.csv.file", { from: name(fromId), to: name(toId) })}.csv`, toCsv([h("id"), h("service"), h("change"), h("fromArea"), h("fromCategory"), h("toArea"), h("toCategory"), h("fields")], rows, ";"));
}

export async function compareServiceLoader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "read:working-copy");
  const { from, to, fromId, toId } = await sidesOf(request, user);
  if (!from || !to) throw refusal(404);
  const difference = await serviceDifference(getDb(), from, to, idOr404(params.id));
  if (!difference) throw refusal(404);
  const label = (side: Side) => (side.kind === "release" ? side.release.label : null);
  // The page shows each change as an activity would be shown, long texts as word diffs.
  const children = difference.children.map((child) => ({
    ...child,
    activity: child.change === "changed" ? withWordDiffs({ old_values: JSON.stringify(child.before), new_values: JSON.stringify(child.after) }) : null,
  }));
  return { fromId, toId, fromLabel: label(from), toLabel: label(to), difference: { ...difference, activity: withWordDiffs(difference.activity), children } };
}
