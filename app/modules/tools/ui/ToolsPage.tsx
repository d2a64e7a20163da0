import { Stack, Text, Title } from "@mantine/core";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formError, type FormAnswer } from "~/lib/form-answer";
import { FormAlert } from "~/ui/FormAlert";
import type { ToolsAnswer, toolsLoader } from "../tools-page.server";
import { BulkForms } from "./BulkForms";
import { BulkPreviewPanel, BulkResultPanel } from "./BulkPreviewPanel";
import { ExportPanel, ImportPanel } from "./CsvPanels";
import { ImportPreviewPanel } from "./ImportPreviewPanel";
import { SelectionPanel } from "./SelectionPanel";
import { PlainCard, PlainLinkButton, plain } from "~/ui/plain/Plain";

/** An apply form has no fields to show an error beside: its first error goes on top. */
function firstFieldError(answer: FormAnswer): string | undefined {
  return Object.values(answer.error ?? {}).find((messages) => messages?.length)?.[0];
}


/**
 * /tools: pick services (the browser's filter or selection), change them in bulk after a
 * preview, export them as CSV and import an edited file after a preview. Every form is a plain
 * post to this URL, so the selection travels in the address and all of it works without JS.
 */
export function ToolsPage() {
  const data = useLoaderData<typeof toolsLoader>();
  const answer = useActionData() as ToolsAnswer | FormAnswer | undefined;
  const { t } = useTranslation();
  const location = useLocation();
  // Forms post to the page as it is addressed: the selection is part of the URL.
  const action = `${location.pathname}${location.search}`;
  const result = answer && "kind" in answer ? answer : undefined;
  const refusal = answer && !("kind" in answer) ? answer : undefined;
  return (
    <Stack gap="md" maw={1200}>
      <div>
        <Title order={1}>{t("tools.title")}</Title>
        <Text size="sm" c="dimmed">
          {t("tools.intro")}
        </Text>
      </div>
      {refusal?.target === "bulk-apply" || refusal?.target === "import-apply" ? <FormAlert error={formError(refusal) ?? firstFieldError(refusal) ?? "errors.badRequest"} /> : null}
      {result?.kind === "bulkPreview" ? <BulkPreviewPanel preview={result.preview} action={action} /> : null}
      {result?.kind === "bulkResult" ? <BulkResultPanel result={result} catalogues={data.catalogues} /> : null}
      {result?.kind === "importPreview" ? <ImportPreviewPanel answer={result} action={action} /> : null}
      <SelectionPanel data={data} />
      {data.canChange ? (
        <BulkForms data={data} action={action} refusal={refusal} />
      ) : (
        <Text size="sm" data-testid="tools-read-only">
          {t("tools.bulk.readOnly")}
        </Text>
      )}
      {data.translate ? (
        <PlainCard title={t("tools.translate.title")} data-testid="tools-translate-link">
          <div className={plain.stack}>
            <p className={plain.dim}>{t("tools.translate.teaser")}</p>
            <div>
              <PlainLinkButton href={`/tools/translate${location.search}`} variant="light">
                {t("tools.translate.open")}
              </PlainLinkButton>
            </div>
          </div>
        </PlainCard>
      ) : null}
      <ExportPanel selection={data.selection} total={data.total} />
      {data.canChange ? <ImportPanel action={action} refusal={refusal} /> : null}
    </Stack>
  );
}
