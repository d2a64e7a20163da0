import { Button, Group, NativeSelect, Stack, Text } from "@mantine/core";
import { Form, Link, useActionData, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { catalogueTitle } from "~/modules/catalogue/catalogue-title";
import { FormAlert } from "~/ui/FormAlert";
import { NativeCheckbox } from "~/ui/NativeCheckbox";
import { RouteDialog } from "~/ui/RouteDialog";
import { listQuery, mapField, TEMPLATE_TARGET, type BatchAnswer, type ImportOutcome } from "../factory-types";
import type { ChooseStep, ImportStep } from "../import-page.server";
import classes from "./factory.module.css";
import { ImportReport } from "./ImportReport";

/** Services per request of the import with JS: small enough for a steady progress, large enough to be quick. */
const BATCH = 25;

/** Sends the import form in batches to /factory/catalog/batch; the progress and the outcomes so far. */
function useBatchImport() {
  const [state, setState] = useState<{ done: number; total: number; outcomes: ImportOutcome[]; error: string | null; finished: boolean } | null>(null);
  const run = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    const services = data.getAll("service").map(String);
    const common = [...data.entries()].filter(([name]) => name !== "service" && name !== "intent");
    const outcomes: ImportOutcome[] = [];
    setState({ done: 0, total: services.length, outcomes, error: null, finished: false });
    for (let i = 0; i < services.length; i += BATCH) {
      const body = new FormData();
      for (const [name, value] of common) body.append(name, value);
      for (const id of services.slice(i, i + BATCH)) body.append("service", id);
      let answer: BatchAnswer;
      try {
        const response = await fetch("/factory/catalog/batch", { method: "POST", body, headers: { Accept: "application/json" } });
        answer = (await response.json()) as BatchAnswer;
      } catch {
        answer = { ok: false, error: "factory.errors.connection" };
      }
      if (!answer.ok) {
        setState({ done: outcomes.length, total: services.length, outcomes: [...outcomes], error: answer.error, finished: true });
        return;
      }
      outcomes.push(...answer.outcomes);
      setState({ done: outcomes.length, total: services.length, outcomes: [...outcomes], error: null, finished: false });
    }
    // The list marks what was imported once the dialog is left (the list's shouldRevalidate).
    setState({ done: outcomes.length, total: services.length, outcomes, error: null, finished: true });
  };
  return { state, run };
}

function ChooseForm({ step, action, closeTo }: { step: ChooseStep; action: string; closeTo: string }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const batch = useBatchImport();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/factory/catalog/import");

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value !== "import") return;
    // With JS: batches with a progress bar instead of one long request.
    event.preventDefault();
    void batch.run(event.currentTarget);
  };

  if (batch.state?.finished && !batch.state.error) {
    return (
      <Stack gap="md">
        <ImportReport outcomes={batch.state.outcomes} />
        <Group justify="flex-end">
          <Button component={Link} to={closeTo} preventScrollReset data-testid="factory-report-close">
            {t("factory.import.toList")}
          </Button>
        </Group>
      </Stack>
    );
  }

  const running = batch.state !== null && !batch.state.finished;
  return (
    <Form method="post" action={action} ref={formRef} onSubmit={onSubmit} preventScrollReset data-testid="factory-import-form" data-catalogue={step.catalogueId}>
      <input type="hidden" name="explicit" value="1" />
      <Stack gap="md">
        <Text size="sm" data-testid="factory-import-summary">
          {t("factory.import.summary", { count: step.services.length })}
        </Text>
        <FormAlert error={step.formError ?? batch.state?.error} />
        {batch.state?.error && batch.state.outcomes.length ? <ImportReport outcomes={batch.state.outcomes} /> : null}
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <NativeSelect
            name="catalogue"
            label={t("factory.import.catalogue")}
            defaultValue={String(step.catalogueId)}
            onChange={(event) => {
              // With JS the mapping follows the catalogue at once.
              const form = event.currentTarget.form;
              if (form) submit(new FormData(form, form.querySelector<HTMLButtonElement>("[data-apply]")), { method: "post", action, preventScrollReset: true });
            }}
            data={step.catalogues.map((c) => ({ value: String(c.id), label: catalogueTitle(t, c) }))}
            style={{ flex: 1, minWidth: 0 }}
            data-testid="factory-target-catalogue"
          />
          <Button type="submit" name="intent" value="select" variant="default" data-apply="" data-testid="factory-apply-catalogue">
            {t("factory.import.applyCatalogue")}
          </Button>
        </Group>
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {t("factory.import.mapping")}
          </Text>
          <Text size="xs" c="dimmed">
            {t("factory.import.mappingHint")}
          </Text>
        </Stack>
        {step.categories.map((category) => {
          const path = [category.areaName, category.name].filter(Boolean).join(" › ");
          const label = category.name ? path : t("factory.catalog.noCategory");
          return (
            <NativeSelect
              // A new catalogue brings new choices and defaults.
              key={`${step.catalogueId}-${category.id ?? "none"}`}
              name={mapField(category.id)}
              label={`${label} (${t("factory.catalog.count", { count: category.count })})`}
              defaultValue={category.target}
              error={category.error ? t(category.error) : undefined}
              data-testid={`factory-map-${category.id ?? "none"}`}
              data={[
                { value: TEMPLATE_TARGET, label: category.name ? t("factory.import.template", { path }) : t("factory.import.templateNone") },
                ...(step.localCategories.length
                  ? [{ group: t("factory.import.existing"), items: step.localCategories.map((c) => ({ value: String(c.id), label: [c.areaName, c.name].filter(Boolean).join(" › ") })) }]
                  : []),
              ]}
            />
          );
        })}
        <Stack gap={4}>
          <Text fw={600} size="sm" id="factory-import-services">
            {t("factory.import.services")}
          </Text>
          <Text size="xs" c="dimmed">
            {t("factory.import.servicesHint")}
          </Text>
          <div className={classes.scroll} role="group" aria-labelledby="factory-import-services">
            <ul>
              {step.services.map((service) => (
                <li key={service.id}>
                  <NativeCheckbox name="service" value={service.id} defaultChecked label={service.name} data-testid={`factory-import-service-${service.id}`} />
                </li>
              ))}
            </ul>
          </div>
        </Stack>
        {running && batch.state ? (
          <Stack gap={4} data-testid="factory-import-progress">
            <progress value={batch.state.done} max={Math.max(batch.state.total, 1)} aria-label={t("factory.import.progressLabel")} style={{ width: "100%" }} />
            <Text size="sm" role="status">
              {t("factory.import.progress", { done: batch.state.done, total: batch.state.total })}
            </Text>
          </Stack>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={closeTo} variant="default" preventScrollReset>
            {t("factory.import.cancel")}
          </Button>
          <Button type="submit" name="intent" value="import" loading={busy || running} data-testid="factory-import-submit">
            {t("factory.import.submit")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

/** /factory/catalog/import — the import dialog over the list (a page of its own without JS). */
export function ImportDialog() {
  const { t } = useTranslation();
  const step = useActionData<ImportStep>() ?? ({ step: "none" } as ImportStep);
  const location = useLocation();
  const action = `/factory/catalog/import${listQuery(location.search)}`;
  const closeTo = `/factory/catalog${listQuery(location.search)}`;
  return (
    <RouteDialog title={t("factory.import.title")} closeTo={closeTo} maxWidth={1024}>
      <div data-testid="factory-import-dialog">
        {step.step === "none" ? <Text size="sm">{t("factory.import.none")}</Text> : null}
        {step.step === "empty" ? <Text size="sm">{t("factory.import.empty")}</Text> : null}
        {step.step === "failed" ? <FormAlert error={step.error} /> : null}
        {/* One form while the dialog is open: the catalogue choice keeps its focus and what was unticked stays unticked. */}
        {step.step === "choose" ? <ChooseForm step={step} action={action} closeTo={closeTo} /> : null}
        {step.step === "done" ? (
          <Stack gap="md">
            <ImportReport outcomes={step.outcomes} />
            <Group justify="flex-end">
              <Button component={Link} to={closeTo} data-testid="factory-report-close">
                {t("factory.import.toList")}
              </Button>
            </Group>
          </Stack>
        ) : null}
        {step.step !== "choose" && step.step !== "done" ? (
          <Group justify="flex-end" mt="md">
            <Button component={Link} to={closeTo} variant="default">
              {t("factory.import.toList")}
            </Button>
          </Group>
        ) : null}
      </div>
    </RouteDialog>
  );
}
