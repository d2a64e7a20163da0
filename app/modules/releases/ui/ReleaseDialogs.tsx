import {
  Anchor,
  Button,
  Group,
  Stack,
  Text,
  TextInput,
  Textarea,
} from "@mantine/core";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
} from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RichTextField } from "~/modules/service/ui/RichTextField";
import { FormAlert } from "~/ui/FormAlert";
import { RouteDialog } from "~/ui/RouteDialog";
import { formError, type FormAnswer } from "~/lib/form-answer";
import {
  fieldProps,
  useSchemaForm,
  type FormReply,
} from "~/ui/form/use-schema-form";
import type {
  deleteLoader,
  publishLoader,
  reinstateLoader,
  withdrawLoader,
} from "../releases-page.server";
import { LABEL_MAX, REASON_MAX } from "../releases-limits";
import type { PublishSchema, WithdrawSchema } from "../releases-schema";

import classes from "./releases.module.css";

const LIST = "/servicecatalog/releases";
/** The catalogue browser filtered to the services a release leaves out. */
const NOT_APPROVED = "/servicecatalog?status=open&status=checking";

function Buttons({
  busy,
  label,
  busyLabel,
  testId,
  danger = false,
}: {
  busy: boolean;
  label: string;
  busyLabel?: string;
  testId: string;
  danger?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button component={Link} to={LIST} variant="default" preventScrollReset>
        {t("app.cancel")}
      </Button>
      <Button
        type="submit"
        loading={busy}
        color={danger ? "red" : undefined}
        data-testid={testId}
      >
        {busy && busyLabel ? busyLabel : label}
      </Button>
    </Group>
  );
}

/** /servicecatalog/releases/new — label, release note; says what goes in and what is left out. */
export function PublishDialog() {
  const { t } = useTranslation();
  const { preview } = useLoaderData<typeof publishLoader>();
  const [form, fields] = useSchemaForm<typeof PublishSchema>(
    useActionData<FormReply>()
  );
  const busy = useNavigation().state === "submitting";
  return (
    <RouteDialog
      title={t("releases.publishDialog.title")}
      closeTo={LIST}
      maxWidth={720}
    >
      <Form
        method="post"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        data-testid="publish-form"
      >
        <Stack gap="sm">
          <FormAlert error={form.errors?.[0]} />
          <Text size="sm" data-testid="publish-included">
            {t("releases.publishDialog.included", { count: preview.included })}
          </Text>
          {preview.notApproved > 0 ? (
            <Text size="sm" data-testid="publish-left-out">
              {t("releases.publishDialog.left", { count: preview.notApproved })}{" "}
              <Anchor component={Link} to={NOT_APPROVED}>
                {t("releases.publishDialog.showLeft")}
              </Anchor>
            </Text>
          ) : null}
          {preview.notLive > 0 ? (
            <Text size="sm" data-testid="publish-not-live">
              {t("releases.publishDialog.notLive", { count: preview.notLive })}
            </Text>
          ) : null}
          <TextInput
            key={fields.label.key}
            {...fieldProps(t, fields.label)}
            label={t("releases.publishDialog.label")}
            description={t("releases.publishDialog.labelHint")}
            required
            maxLength={LABEL_MAX}
            autoFocus
            data-testid="release-label-input"
          />
          <RichTextField
            key={fields.note.key}
            {...fieldProps(t, fields.note)}
            label={t("releases.publishDialog.note")}
          />
          {busy ? (
            // With JS, while the server freezes the snapshot (about 2.5 s for 10,000 services): an
            // indeterminate bar and what is being done. Without JS the browser shows its own.
            <div role="status" data-testid="publish-progress">
              <Text size="sm" mb={4}>
                {t("releases.publishDialog.progress", { count: preview.included })}
              </Text>
              <div className={classes.progress} role="progressbar" aria-label={t("releases.publishDialog.busy")} />
            </div>
          ) : null}
          <Buttons
            busy={busy}
            label={t("releases.publishDialog.submit")}
            busyLabel={t("releases.publishDialog.busy")}
            testId="publish-submit"
          />
        </Stack>
      </Form>
    </RouteDialog>
  );
}

/** /servicecatalog/releases/:id/withdraw — with a reason. */
export function WithdrawDialog() {
  const { t } = useTranslation();
  const { release } = useLoaderData<typeof withdrawLoader>();
  const [form, fields] = useSchemaForm<typeof WithdrawSchema>(
    useActionData<FormReply>()
  );
  const busy = useNavigation().state === "submitting";
  return (
    <RouteDialog
      title={t("releases.withdrawDialog.title", { label: release.label })}
      closeTo={LIST}
      maxWidth={560}
    >
      <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate>
        <Stack gap="sm">
          <FormAlert error={form.errors?.[0]} />
          <Text size="sm">{t("releases.withdrawDialog.text")}</Text>
          <Textarea
            key={fields.reason.key}
            {...fieldProps(t, fields.reason)}
            label={t("releases.withdrawDialog.reason")}
            required
            maxLength={REASON_MAX}
            autosize
            minRows={2}
            autoFocus
            data-testid="withdraw-reason"
          />
          <Buttons
            busy={busy}
            label={t("releases.withdrawDialog.submit")}
            testId="withdraw-submit"
            danger
          />
        </Stack>
      </Form>
    </RouteDialog>
  );
}

/** A confirmation over the list: re-instate or delete. */
function Confirmation({
  kind,
  danger,
}: {
  kind: "reinstate" | "delete";
  danger: boolean;
}) {
  const { t } = useTranslation();
  const { release } = useLoaderData<
    typeof reinstateLoader | typeof deleteLoader
  >();
  const error = formError(useActionData<FormAnswer>());
  const busy = useNavigation().state === "submitting";
  // Only a withdrawn release is deleted (and only a withdrawn one re-instated): otherwise the dialog says why not.
  const possible = release.state === "withdrawn";
  return (
    <RouteDialog
      title={t(`releases.${kind}Dialog.title`, { label: release.label })}
      closeTo={LIST}
      maxWidth={480}
    >
      <Form method="post">
        <Stack gap="sm">
          <FormAlert
            error={
              error ??
              (possible
                ? undefined
                : `releases.${
                    kind === "delete"
                      ? "deleteOnlyWithdrawn"
                      : "reinstateOnlyWithdrawn"
                  }`)
            }
          />
          <Text size="sm">{t(`releases.${kind}Dialog.text`)}</Text>
          {possible ? (
            <Buttons
              busy={busy}
              label={t(`releases.${kind}Dialog.submit`)}
              testId={`${kind}-submit`}
              danger={danger}
            />
          ) : (
            <Group justify="flex-end">
              <Button
                component={Link}
                to={LIST}
                variant="default"
                preventScrollReset
              >
                {t("app.close")}
              </Button>
            </Group>
          )}
        </Stack>
      </Form>
    </RouteDialog>
  );
}

export const ReinstateDialog = () => (
  <Confirmation kind="reinstate" danger={false} />
);
export const DeleteReleaseDialog = () => <Confirmation kind="delete" danger />;
