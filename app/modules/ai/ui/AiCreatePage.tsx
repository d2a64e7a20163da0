import { Alert, Anchor, Button, Card, CloseButton, Group, NativeSelect, Stack, Text, TextInput, Textarea, Title } from "@mantine/core";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { IconSparkles } from "@tabler/icons-react";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { catalogueTitle } from "~/modules/catalogue/catalogue-title";
import { FormAlert } from "~/ui/FormAlert";
import { RouteDialog } from "~/ui/RouteDialog";
import { answerFor, type FormAnswer } from "~/lib/form-answer";
import { fieldError, useSchemaForm } from "~/ui/form/use-schema-form";
import { translateError } from "~/ui/forms";
import type { BatchSchema, RequestSchema } from "../ai-schema";
import type { BatchAnswer, CreateAiData } from "../create-ai-page.server";
import { CREATE_AI_PATH, DiscardButton, RequestRunner, ResponseCard, SelectBox } from "./AiResponses";
import { AiUnavailable } from "./AiUnavailable";
import { useAiResponses } from "./use-ai-responses";
import classes from "./ai.module.css";

/**
 * /servicecatalog/ai — services drafted by the assistant (issue 19 §4). With JS every request
 * waits for its delay and runs on its own while the page stays usable; the responses live in the
 * browser. Without JS each request is a form post and the server keeps the responses for the
 * session. Either way the selected responses become services in one batch into a target
 * catalogue, and a dialog offers to open what was created.
 */
export function AiCreatePage() {
  const data = useLoaderData<CreateAiData>();
  const answer = useActionData<FormAnswer>();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const local = useAiResponses();
  const [selected, setSelected] = useState<string[]>([]);
  const batch = useFetcher<BatchAnswer>({ key: "ai-batch" });
  const [batchError, setBatchError] = useState<{ form?: string; fields?: Record<string, string> } | null>(null);

  const [requestForm, requestFields] = useSchemaForm<typeof RequestSchema>(answerFor(answer, "generate"), { id: "ai-request" });
  const [batchForm, batchFields] = useSchemaForm<typeof BatchSchema>(answerFor(answer, "create"), { id: "ai-batch" });

  const onRequest = (event: FormEvent<HTMLFormElement>) => {
    requestForm.onSubmit(event);
    // A request the inputs' own constraints refuse (no description, a delay out of range) is not
    // queued: it posts as without JS, and the server's reply shows the errors beside the fields.
    if (event.defaultPrevented || !hydrated || !event.currentTarget.checkValidity()) return;
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get("name") ?? "").trim();
    local.request({ requestedName: name || t("ai.create.unnamed"), name, description: String(form.get("description") ?? ""), delay: Number(form.get("delay") || 0) });
    event.currentTarget.reset();
  };

  const onBatch = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const chosen = local.responses.filter((r) => r.service && selected.includes(r.id));
    form.set("responses", JSON.stringify(chosen.map((r) => ({ id: r.id, service: r.service }))));
    form.set("client", "js");
    setBatchError(null);
    batch.submit(form, { method: "post", action: CREATE_AI_PATH });
  };

  // The batch's answer: created responses leave the list, the dialog offers the created service.
  const result = batch.state === "idle" ? batch.data : undefined;
  const { remove } = local;
  useEffect(() => {
    if (!result) return;
    if (!result.ok) {
      setBatchError({ form: result.fields ? undefined : result.message, fields: result.fields });
      return;
    }
    remove(result.done);
    setSelected((list) => list.filter((id) => !result.done.includes(id)));
    if (!result.created.length) {
      setBatchError({ form: result.message ?? "ai.batch.error" });
      return;
    }
    const query = new URLSearchParams({ created: result.created.map((c) => c.id).join(",") });
    if (result.failed) query.set("failed", String(result.failed));
    navigate(`${CREATE_AI_PATH}?${query}`, { preventScrollReset: true });
  }, [result, remove, navigate]);

  const blocked = data.status.reason;
  const total = data.responses.length + local.responses.length;
  const creating = batch.state !== "idle" || (navigation.state === "submitting" && navigation.formData?.get("intent") === "create");
  const catalogueError = batchError?.fields?.catalogue ?? batchFields.catalogue.errors?.[0];
  // A refused batch (without JS) keeps what was ticked.
  const sentDrafts = answerFor(answer, "create")?.initialValue?.draft;
  const ticked = new Set((Array.isArray(sentDrafts) ? sentDrafts : sentDrafts ? [sentDrafts] : []).map(String));

  return (
    <Stack maw={900}>
      <Anchor component={Link} to="/servicecatalog/new" size="sm">
        ← {t("catalogue.createMenu.title")}
      </Anchor>
      <Title order={1}>
        <IconSparkles size={26} aria-hidden className={classes.titleIcon} />
        {t("ai.create.title")}
      </Title>
      <Text>{t("ai.create.intro")}</Text>
      {/* Blocked: one line with the next step instead of a form that cannot work (issue 32 §5). */}
      {blocked ? <AiUnavailable reason={blocked} admin={data.admin} /> : null}

      {blocked ? null : (
        <Card withBorder component="section" aria-labelledby="ai-request-title">
          <Title order={2} size="h4" id="ai-request-title" mb="sm">
            {t("ai.create.requestTitle")}
          </Title>
          <Form method="post" id={requestForm.id} onSubmit={onRequest} noValidate data-testid="ai-request-form">
            <input type="hidden" name="intent" value="generate" />
            <Stack gap="sm">
              <FormAlert error={requestForm.errors?.[0]} />
              <TextInput key={requestFields.name.key} name={requestFields.name.name} label={t("ai.create.name")} description={t("ai.create.nameHint")} defaultValue={requestFields.name.initialValue} error={fieldError(t, requestFields.name.errors)} />
              <Textarea
                key={requestFields.description.key}
                name={requestFields.description.name}
                label={t("ai.create.description")}
                required
                autosize
                minRows={3}
                maxRows={10}
                defaultValue={requestFields.description.initialValue}
                error={fieldError(t, requestFields.description.errors)}
              />
              <TextInput
                key={requestFields.delay.key}
                name={requestFields.delay.name}
                label={t("ai.create.delay")}
                type="number"
                min={0}
                max={3600}
                w={200}
                defaultValue={String(requestFields.delay.initialValue ?? "0")}
                error={fieldError(t, requestFields.delay.errors)}
              />
              <Group justify="flex-end">
                <Button type="submit" loading={!hydrated && navigation.state === "submitting" && navigation.formData?.get("intent") === "generate"} data-testid="ai-request-submit">
                  {t("ai.create.submit")}
                </Button>
              </Group>
            </Stack>
          </Form>
        </Card>
      )}

      {local.errors.map((error) => (
        <Alert key={error.id} color="red" role="alert" title={t("ai.create.requestFailed", { name: error.requestedName })} data-testid="ai-request-error"
          withCloseButton={false}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm">{translateError(t, error.message)}</Text>
            <CloseButton aria-label={t("ai.create.dismiss")} onClick={() => local.dismiss(error.id)} />
          </Group>
        </Alert>
      ))}
      {local.pending.map((request) => (
        <RequestRunner key={request.id} request={request} onDone={local.settle} />
      ))}

      {blocked && total === 0 ? null : (
        <Card withBorder component="section" id="responses" aria-labelledby="ai-responses-title">
          <Title order={2} size="h4" id="ai-responses-title" mb="sm">
            {t("ai.create.responses")}
          </Title>
          {total === 0 ? (
            <Text c="dimmed" size="sm" data-testid="ai-no-responses">
              {t("ai.create.noResponses")}
            </Text>
          ) : null}
          <Form method="post" id={batchForm.id} onSubmit={onBatch} noValidate data-testid="ai-batch-form">
            <input type="hidden" name="intent" value="create" />
            <Stack gap="sm">
              {total > 0 ? (
                <ul className={classes.responses}>
                  {data.responses.map((r) => (
                    <ResponseCard
                      key={`s${r.id}`}
                      name={r.requestedName}
                      service={r.service}
                      select={<SelectBox label={r.service.name} name="draft" value={String(r.id)} defaultChecked={ticked.has(String(r.id))} />}
                      discard={<DiscardButton label={r.service.name} form={`ai-discard-${r.id}`} value={String(r.id)} />}
                    />
                  ))}
                  {local.responses.map((r) => (
                    <ResponseCard
                      key={r.id}
                      name={r.requestedName}
                      service={r.service}
                      waiting={local.pending.find((p) => p.id === r.id)?.delay}
                      select={
                        r.service ? (
                          <SelectBox label={r.service.name} checked={selected.includes(r.id)} onChange={() => setSelected((list) => (list.includes(r.id) ? list.filter((id) => id !== r.id) : [...list, r.id]))} />
                        ) : null
                      }
                      discard={r.service ? <DiscardButton label={r.service.name} onClick={() => local.remove([r.id])} /> : null}
                    />
                  ))}
                </ul>
              ) : null}
              <Title order={3} size="h5">
                {t("ai.batch.title")}
              </Title>
              <Text size="sm">{t("ai.batch.intro")}</Text>
              <FormAlert error={batchError?.form ?? batchForm.errors?.[0]} />
              {data.failed > 0 && !data.created.length ? <FormAlert error={`ai.batch.failed|count=${data.failed}`} /> : null}
              <NativeSelect
                key={batchFields.catalogue.key}
                name={batchFields.catalogue.name}
                label={t("ai.batch.catalogue")}
                required
                defaultValue={batchFields.catalogue.initialValue ?? ""}
                error={translateError(t, catalogueError)}
                data={[{ value: "", label: t("ai.batch.chooseCatalogue") }, ...data.catalogues.map((c) => ({ value: String(c.id), label: catalogueTitle(t, c) }))]}
                data-testid="ai-batch-catalogue"
              />
              <Group justify="flex-end">
                <Button type="submit" loading={creating} disabled={total === 0} data-testid="ai-batch-submit">
                  {t("ai.batch.submit")}
                </Button>
              </Group>
            </Stack>
          </Form>
          {data.responses.map((r) => (
            <Form key={r.id} method="post" id={`ai-discard-${r.id}`} preventScrollReset>
              <input type="hidden" name="intent" value="discard" />
            </Form>
          ))}
        </Card>
      )}

      {data.created.length ? (
        <RouteDialog title={t("ai.batch.dialogTitle")} closeTo={CREATE_AI_PATH}>
          <Stack gap="sm" data-testid="ai-created-dialog">
            {data.failed > 0 ? <FormAlert error={`ai.batch.failed|count=${data.failed}`} /> : null}
            <Text>{t("ai.batch.dialogText")}</Text>
            <ul>
              {data.created.map((c) => (
                <li key={c.id}>
                  <Anchor component={Link} to={`/servicecatalog/service/${c.id}`}>
                    {c.name}
                  </Anchor>
                </li>
              ))}
            </ul>
            <Group justify="flex-end">
              <Button component={Link} to={CREATE_AI_PATH} variant="default" preventScrollReset>
                {t("ai.batch.close")}
              </Button>
              <Button component={Link} to={`/servicecatalog/service/${data.created[0].id}`} data-testid="ai-open-created">
                {t("ai.batch.open")}
              </Button>
            </Group>
          </Stack>
        </RouteDialog>
      ) : null}
    </Stack>
  );
}
