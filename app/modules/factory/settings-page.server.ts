import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/modules/access/policy.server";
import { getDb } from "~/server/db/db.server";
import { redirectWithFlash } from "~/server/flash.server";
import { dispatchIntent, refuse, validateForm } from "~/server/form.server";
import { readFormData } from "~/server/request-body.server";
import { returnPath } from "~/server/return-to.server";
import type { FormAnswer } from "~/lib/form-answer";
import { FACTORY_FAILURE } from "./factory-errors.server";
import { clearSnapshots } from "./factory-lists.server";
import { ConnectionSchema, SourceSchema } from "./factory-schema";
import {
  connectionFromForm,
  factoryConnectionInfo,
  getFactoryConnection,
  removeFactoryConnection,
  saveFactoryConnection,
  setFactorySource,
  templateReleases,
  testFactoryConnection,
} from "./factory-settings.server";

/**
 * /settings/factory — the template server's address and key (issue 18 §2): admins save them,
 * test the connection (with the form's values, before saving; audited) or remove them. An empty
 * key field means the stored key, and only for the stored address (issue 31 §6).
 */
export const SETTINGS_PATH = "/settings/factory";

/** What the connection test found. */
export interface ConnectionTest {
  catalogues: number;
  services: number;
}

export type ConnectionAnswer = FormAnswer<ConnectionTest>;

export async function factorySettingsLoader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "access:admin");
  const db = getDb();
  const [info, connection] = await Promise.all([factoryConnectionInfo(db), getFactoryConnection(db)]);
  // The template server's releases to import from (issue 35 §8), asked only on request (`?releases=1`):
  // opening the settings sends the key nowhere. Null when not asked, or when it cannot say.
  const asked = connection !== null && new URL(request.url).searchParams.get("releases") === "1";
  const releases = asked ? await templateReleases(connection) : null;
  return {
    connection: info,
    releasesAsked: asked,
    releases: releases?.map((r) => ({ id: r.id, label: r.label, catalogueTitle: r.catalogue_title, publishedAt: r.published_at })) ?? null,
  };
}

export async function factorySettingsAction({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "access:admin");
  const causer = { id: user.id, name: user.name };
  const form = await readFormData(request);
  const db = getDb();
  const back = returnPath(request, SETTINGS_PATH);
  return dispatchIntent(form.get("intent"), {
    save: async () => {
      const submission = validateForm(form, ConnectionSchema);
      if (submission.status !== "success") return refuse<ConnectionTest>(submission, {}, 400, { target: "connection" });
      const named = await connectionFromForm(db, submission.value.url, submission.value.token);
      if ("keyError" in named) return refuse<ConnectionTest>(submission, { fields: { token: named.keyError } }, 400, { target: "connection" });
      await saveFactoryConnection(db, named.connection, causer);
      clearSnapshots();
      return redirectWithFlash(request, back, { kind: "success", message: "factory.settings.saved" });
    },
    test: async () => {
      const submission = validateForm(form, ConnectionSchema);
      if (submission.status !== "success") return refuse<ConnectionTest>(submission, {}, 400, { target: "connection" });
      const named = await connectionFromForm(db, submission.value.url, submission.value.token);
      if ("keyError" in named) return refuse<ConnectionTest>(submission, { fields: { token: named.keyError } }, 400, { target: "connection" });
      const outcome = await testFactoryConnection(db, named.connection, causer);
      // The test itself worked either way: its finding is the answer, not a refused request.
      if (!outcome.ok) return refuse<ConnectionTest>(submission, { form: FACTORY_FAILURE }, 200, { target: "connection" });
      return data<ConnectionAnswer>({ ...submission.reply({ hideFields: ["token"] }), target: "connection", meta: { catalogues: outcome.catalogues, services: outcome.services } });
    },
    source: async () => {
      const submission = validateForm(form, SourceSchema);
      if (submission.status !== "success") return refuse<ConnectionTest>(submission, {}, 400, { target: "source" });
      const release = submission.value.release === "now" ? null : Number(submission.value.release);
      const changed = await setFactorySource(db, release, causer);
      clearSnapshots();
      return redirectWithFlash(request, back, changed ? { kind: "success", message: "factory.settings.sourceSaved" } : { kind: "info", message: "factory.settings.sourceUnchanged" });
    },
    remove: async () => {
      const removed = await removeFactoryConnection(db, causer);
      clearSnapshots();
      return redirectWithFlash(request, back, removed ? { kind: "success", message: "factory.settings.removed" } : { kind: "info", message: "factory.settings.nothingToRemove" });
    },
  });
}
