import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/modules/access/policy.server";
import { editScope } from "~/modules/access/permissions.server";
import { aiStatus } from "~/modules/ai/assistant.server";
import { aiConfig, isConfigured } from "~/modules/ai/provider.server";
import { mayEdit } from "~/modules/catalogue/browser-types";
import { MAX_BATCH, proposeBatch, type BatchTranslation } from "~/modules/translations/ai-translate.server";
import { getDb } from "~/server/db/db.server";
import { dispatchIntent, refuseForm } from "~/server/form.server";
import { readFormData } from "~/server/request-body.server";
import { errorKey } from "~/ui/forms";
import { csvLanguages } from "./csv-data.server";
import { resolved } from "./tools-selection.server";

/**
 * /tools/translate (issue 37 §3, decision 0082): "Übersetzen" for the services /tools picked, on a
 * page of its own so the tools page does not carry the assistant's texts. One post asks the
 * assistant for each service's missing and outdated fields; the proposals wait on each page.
 */


/** The assistant's users (keyuser and above, who also edit services). */
const requireTranslator = (request: Request) => requirePermission(request, "use:ai");

export async function toolsTranslateLoader({ request }: LoaderFunctionArgs) {
  const user = await requireTranslator(request);
  const db = getDb();
  const picked = await resolved(db, user, new URL(request.url));
  const config = aiConfig();
  return {
    total: picked.ids.length,
    languages: isConfigured(config) ? await csvLanguages(db, picked.ids) : [],
    reason: (await aiStatus(db, config)).reason,
    max: MAX_BATCH,
  };
}

export type TranslateAnswer = { kind: "translateResult"; result: BatchTranslation; skipped: number };

/** The proposals for the picked services this user may edit whose catalogue offers the language. */
export async function toolsTranslateAction({ request }: ActionFunctionArgs) {
  const user = await requireTranslator(request);
  const form = await readFormData(request);
  return dispatchIntent(form.get("intent"), {
    translate: async () => {
      const db = getDb();
      const target = "translate";
      const language = String(form.get("language") ?? "");
      const picked = await resolved(db, user, new URL(request.url));
      if (!picked.ids.length) return refuseForm({ form: "tools.bulk.errors.empty" }, 400, { target });
      if (picked.ids.length > MAX_BATCH) return refuseForm({ form: errorKey("tools.translate.tooMany", { count: picked.ids.length, max: MAX_BATCH }) }, 400, { target });
      const [scope, offering] = await Promise.all([
        editScope(db, user),
        db
          .selectFrom("services")
          .innerJoin("catalogue_languages as l", "l.catalogue_id", "services.service_catalogue_id")
          .select(["services.id", "services.category_id"])
          .where("services.id", "in", picked.ids)
          .where("l.language", "=", language)
          .where("services.deleted_at", "is", null)
          .execute(),
      ]);
      const editable = new Set(offering.filter((s) => mayEdit(scope, s)).map((s) => s.id));
      const ids = picked.ids.filter((id) => editable.has(id));
      if (!ids.length) return refuseForm({ fields: { language: "tools.translate.none" } }, 400, { target });
      const result = await proposeBatch(db, { config: aiConfig(), userId: user.id }, ids, language);
      return data<TranslateAnswer>({ kind: "translateResult", result, skipped: picked.ids.length - ids.length });
    },
  });
}
