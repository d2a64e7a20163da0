import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { sql } from "kysely";
import { z } from "zod";
import { requirePermission } from "~/modules/access/policy.server";
import type { SessionUser } from "~/modules/access/user.server";
import { getCurrentCatalogueId, listCatalogueNames } from "~/modules/catalogue/catalogue.server";
import type { Executor } from "~/server/audit.server";
import { getDb } from "~/server/db/db.server";
import { dispatchIntent, validateForm } from "~/server/form.server";
import { RICH_FORM_MAX_BYTES, readFormData } from "~/server/request-body.server";
import { FACTORY_FAILURE } from "./factory-errors.server";
import { importFactoryServices, linkedServices, type CategoryTarget, type ImportPlan } from "./factory-import.server";
import { loadSnapshot, type Snapshot } from "./factory-lists.server";
import { SelectionSchema } from "./factory-schema";
import { idList } from "~/ui/form/fields";
import { getFactoryConnection } from "./factory-settings.server";
import { expandSelection, mapField, TEMPLATE_TARGET, type BatchAnswer, type ImportOutcome } from "./factory-types";

/**
 * /factory/catalog/import — the import dialog (a page without JS). The list posts its selection
 * here ("select"): the dialog shows the services it stands for, the target catalogue and where
 * each template category goes. "import" imports them all in this request (without JS); with JS
 * the dialog sends the same form in batches to /factory/catalog/batch and shows the progress.
 */

export interface ChooseStep {
  step: "choose";
  services: { id: number; name: string; categoryId: number | null }[];
  /** The template categories of the selection, each with where its services go. */
  categories: { id: number | null; name: string | null; areaName: string | null; count: number; target: string; error?: string }[];
  catalogueId: number;
  catalogues: { id: number; title: string | null; frameTitle: string | null }[];
  /** The target catalogue's categories to map onto. */
  localCategories: { id: number; name: string; areaName: string | null }[];
  formError?: string;
}

export type ImportStep = { step: "none" } | { step: "empty" } | { step: "failed"; error: string } | ChooseStep | { step: "done"; outcomes: ImportOutcome[]; catalogueId: number };

async function localCategoriesOf(db: Executor, catalogueId: number) {
  return db
    .selectFrom("service_categories as k")
    .leftJoin("service_areas as a", "a.id", "k.service_area_id")
    .select(["k.id", "k.name", "a.name as areaName"])
    .where("k.service_catalogue_id", "=", catalogueId)
    .orderBy(sql`a.position`)
    .orderBy("a.id")
    .orderBy("k.position")
    .orderBy("k.id")
    .execute();
}

const fold = (s: string | null | undefined) => (s ?? "").trim().toLowerCase();

/** A target value a form may post: "template" or one of the catalogue's categories. */
function validTarget(value: unknown, local: { id: number }[]): string | null {
  if (value === TEMPLATE_TARGET) return TEMPLATE_TARGET;
  const id = Number(value);
  return local.some((c) => c.id === id) ? String(id) : null;
}

/** The dialog's content for these services and this catalogue; posted targets are kept where they still fit. */
async function chooseStep(db: Executor, snapshot: Snapshot, serviceIds: number[], catalogueId: number, form: FormData | null, errors: Record<string, string> = {}): Promise<ChooseStep> {
  const [catalogues, localCategories] = await Promise.all([listCatalogueNames(db), localCategoriesOf(db, catalogueId)]);
  const wanted = new Set(serviceIds);
  const services = snapshot.lists.services.filter((s) => wanted.has(s.id)).map((s) => ({ id: s.id, name: s.name, categoryId: s.categoryId }));
  const categoryById = new Map(snapshot.lists.categories.map((c) => [c.id, c]));
  const areaById = new Map(snapshot.lists.areas.map((a) => [a.id, a]));
  const counts = new Map<number | null, number>();
  for (const service of services) counts.set(service.categoryId, (counts.get(service.categoryId) ?? 0) + 1);
  const categories = [...counts].map(([id, count]) => {
    const category = id === null ? undefined : categoryById.get(id);
    const areaName = category?.areaId != null ? (areaById.get(category.areaId)?.name ?? null) : null;
    const name = category?.name ?? null;
    // Same name in an area of the same name, else the same name anywhere in the catalogue, else as in the template.
    const match =
      localCategories.find((c) => name !== null && fold(c.name) === fold(name) && fold(c.areaName) === fold(areaName)) ??
      localCategories.find((c) => name !== null && fold(c.name) === fold(name));
    const posted = form ? validTarget(form.get(mapField(id)), localCategories) : null;
    return { id, name, areaName, count, target: posted ?? (match ? String(match.id) : TEMPLATE_TARGET), error: errors[mapField(id)] };
  });
  return { step: "choose", services, categories, catalogueId, catalogues, localCategories, formError: errors._form };
}

/** The template's catalogue for the dialog and the import (a recent snapshot, else walked now), or why not. */
async function snapshotFor(db: Executor): Promise<{ snapshot: Snapshot } | { error: string }> {
  const connection = await getFactoryConnection(db);
  if (!connection) return { error: "factory.notConfigured" };
  try {
    return { snapshot: await loadSnapshot(connection) };
  } catch (error) {
    console.error("[factory] import:", error instanceof Error ? error.message : error);
    return { error: FACTORY_FAILURE };
  }
}

export async function factoryImportLoader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "access:admin");
  return { step: "none" } as ImportStep;
}

/** The import form: the catalogue to import into and the template's services (the targets per category are checked against the catalogue in planOf). */
const ImportFormSchema = z.object({
  catalogue: z.coerce.number().int(),
  service: idList().refine((ids) => ids.length <= 50_000),
});

/** The import form read: catalogue and services. Null: a form that cannot be one. */
function readImportForm(form: FormData) {
  const submission = validateForm(form, ImportFormSchema);
  return submission.status === "success" ? submission.value : null;
}

/** The plan of an import, or the fields that are wrong. */
async function planOf(db: Executor, snapshot: Snapshot, form: FormData, catalogueId: number, serviceIds: number[]): Promise<{ plan: ImportPlan } | { errors: Record<string, string> }> {
  const catalogues = await listCatalogueNames(db);
  if (!catalogues.some((c) => c.id === catalogueId)) return { errors: { _form: "factory.import.catalogueInvalid" } };
  const local = await localCategoriesOf(db, catalogueId);
  const targets = new Map<number | null, CategoryTarget>();
  const errors: Record<string, string> = {};
  const byId = new Map(snapshot.lists.services.map((s) => [s.id, s]));
  for (const categoryId of new Set(serviceIds.map((id) => byId.get(id)?.categoryId ?? null))) {
    const raw = form.get(mapField(categoryId));
    if (raw === null) continue;
    const target = validTarget(raw, local);
    if (target === null) errors[mapField(categoryId)] = "factory.import.categoryInvalid";
    else targets.set(categoryId, target === TEMPLATE_TARGET ? { kind: "template" } : { kind: "existing", categoryId: Number(target) });
  }
  if (Object.keys(errors).length) return { errors };
  const areaName = new Map(snapshot.lists.areas.map((a) => [a.id, a.name]));
  const categoryNames = new Map(snapshot.lists.categories.map((c) => [c.id, { name: c.name, areaName: c.areaId === null ? null : (areaName.get(c.areaId) ?? null) }]));
  const plan: ImportPlan = { catalogueId, targets, categoryNames };
  return { plan };
}

type RunResult = { errors: Record<string, string> } | { outcomes: ImportOutcome[]; catalogueId: number };

/** Imports the services of an import form (all of them, or one batch); the outcome of each. */
async function runImport(db: Executor, user: SessionUser, form: FormData, snapshot: Snapshot): Promise<RunResult> {
  const read = readImportForm(form);
  if (!read) return { errors: { _form: "errors.badRequest" } };
  const planned = await planOf(db, snapshot, form, read.catalogue, read.service);
  if ("errors" in planned) return { errors: planned.errors };
  const names = new Map(snapshot.lists.services.map((s) => [s.id, s.name]));
  const selection = [...new Set(read.service)].map((id) => ({ id, name: names.get(id) ?? `#${id}`, raw: snapshot.services.get(id) ?? null }));
  const outcomes = await importFactoryServices(db, selection, planned.plan, { id: user.id, name: user.name });
  return { outcomes, catalogueId: read.catalogue };
}

export async function factoryImportAction({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "access:admin");
  const db = getDb();
  const form = await readFormData(request, { maxBytes: RICH_FORM_MAX_BYTES });
  return dispatchIntent(form.get("intent"), {
    select: async () => {
      const submission = validateForm(form, SelectionSchema);
      if (submission.status !== "success") return data<ImportStep>({ step: "failed", error: "errors.badRequest" }, { status: 400 });
      const found = await snapshotFor(db);
      if ("error" in found) return data<ImportStep>({ step: "failed", error: found.error }, { status: 502 });
      const linked = new Set((await linkedServices(db)).keys());
      const selected = submission.value;
      const known = new Set(found.snapshot.lists.services.map((s) => s.id));
      const ids = selected.explicit
        ? [...new Set(selected.service)].filter((id) => known.has(id) && !linked.has(id))
        : expandSelection(found.snapshot.lists, { areas: selected.area, categories: selected.category, services: selected.service }, linked);
      if (!ids.length) return data<ImportStep>({ step: "empty" });
      const catalogues = await listCatalogueNames(db);
      const catalogueId = catalogues.some((c) => c.id === selected.catalogue) ? selected.catalogue! : await getCurrentCatalogueId(db, user.id);
      return data<ImportStep>(await chooseStep(db, found.snapshot, ids, catalogueId, selected.catalogue === undefined ? null : form));
    },
    import: async () => {
      const found = await snapshotFor(db);
      if ("error" in found) return data<ImportStep>({ step: "failed", error: found.error }, { status: 502 });
      const result = await runImport(db, user, form, found.snapshot);
      if ("errors" in result) {
        const read = readImportForm(form);
        if (!read) return data<ImportStep>({ step: "failed", error: "errors.badRequest" }, { status: 400 });
        const catalogueId = (await listCatalogueNames(db)).some((c) => c.id === read.catalogue) ? read.catalogue : await getCurrentCatalogueId(db, user.id);
        return data<ImportStep>(await chooseStep(db, found.snapshot, read.service, catalogueId, form, result.errors), { status: 400 });
      }
      return data<ImportStep>({ step: "done", outcomes: result.outcomes, catalogueId: result.catalogueId });
    },
  });
}

/** Most services one batch request imports (the dialog with JS sends 25). */
const BATCH_MAX = 200;

/** POST /factory/catalog/batch — one batch of the import form (JSON), for the dialog's progress with JS. */
export async function factoryBatchAction({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "access:admin");
  const db = getDb();
  const form = await readFormData(request, { maxBytes: RICH_FORM_MAX_BYTES });
  if (form.getAll("service").length > BATCH_MAX) return Response.json({ ok: false, error: "errors.badRequest" } satisfies BatchAnswer, { status: 400 });
  const found = await snapshotFor(db);
  if ("error" in found) return Response.json({ ok: false, error: found.error } satisfies BatchAnswer, { status: 502 });
  const result = await runImport(db, user, form, found.snapshot);
  if ("errors" in result) return Response.json({ ok: false, error: result.errors._form ?? "factory.import.categoryInvalid", fields: result.errors } satisfies BatchAnswer, { status: 400 });
  return Response.json({ ok: true, outcomes: result.outcomes } satisfies BatchAnswer);
}
