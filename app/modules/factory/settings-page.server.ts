import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/modules/access/policy.server";
import { getDb } from "~/server/db/db.server";
import { redirectWithFlash } from "~/server/flash.server";
import { dispatchIntent, refuse, validateForm } from "~/server/form.server";
import { readFormData } from "~/server/request-body.server";
import { returnPath } from "~/server/return-to.server";
import type { FormAnswer } from "~/ui/form/answer";
import { createFactoryClient, FACTORY_TEST_TIMEOUT_MS } from "./factory-client.server";
import { FACTORY_FAILURE } from "./factory-errors.server";
import { clearSnapshots } from "./factory-lists.server";
import { ConnectionSchema } from "./factory-schema";
import { connectionFromForm, factoryConnectionInfo, removeFactoryConnection, saveFactoryConnection } from "./factory-settings.server";

/**
 * /settings/factory — the template server's address and key (issue 18 §2): admins save them,
 * test the connection (with the form's values, before saving) or remove them.
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
  return { connection: await factoryConnectionInfo(getDb()) };
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
      const connection = await connectionFromForm(db, submission.value.url, submission.value.token);
      if (!connection) return refuse<ConnectionTest>(submission, { fields: { token: "factory.settings.keyRequired" } }, 400, { target: "connection" });
      await saveFactoryConnection(db, connection, causer);
      clearSnapshots();
      return redirectWithFlash(request, back, { kind: "success", message: "factory.settings.saved" });
    },
    test: async () => {
      const submission = validateForm(form, ConnectionSchema);
      if (submission.status !== "success") return refuse<ConnectionTest>(submission, {}, 400, { target: "connection" });
      const connection = await connectionFromForm(db, submission.value.url, submission.value.token);
      if (!connection) return refuse<ConnectionTest>(submission, { fields: { token: "factory.settings.keyRequired" } }, 400, { target: "connection" });
      try {
        const catalogues = await createFactoryClient(connection, { timeoutMs: FACTORY_TEST_TIMEOUT_MS }).catalogues();
        const services = catalogues.reduce((sum, c) => sum + c.services_count, 0);
        return data<ConnectionAnswer>({ ...submission.reply({ hideFields: ["token"] }), target: "connection", meta: { catalogues: catalogues.length, services } });
      } catch (error) {
        console.error("[factory] connection test:", error instanceof Error ? error.message : error);
        // The test itself worked: its finding is the answer, not a refused request.
        return refuse<ConnectionTest>(submission, { form: FACTORY_FAILURE }, 200, { target: "connection" });
      }
    },
    remove: async () => {
      const removed = await removeFactoryConnection(db, causer);
      clearSnapshots();
      return redirectWithFlash(request, back, removed ? { kind: "success", message: "factory.settings.removed" } : { kind: "info", message: "factory.settings.nothingToRemove" });
    },
  });
}
