import { Button, Group, Stack, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { RichTextField } from "~/modules/service/ui/RichTextField";
import { FormAlert } from "~/ui/FormAlert";
import { useEntryForm } from "~/ui/entry-form";
import { answerFields, type FormReply } from "~/lib/form-answer";
import { translateError } from "~/ui/forms";
import { SUPPORT_FIELD } from "../support-fields";
import classes from "./support.module.css";

/**
 * The support form, on the /support page and in the top bar's dialog (where `useEntryForm` makes
 * it a fetcher form that returns to the page below). No check in the browser (spec 01 §5): an
 * empty message is refused by the server beside the field. `onDone` runs after a submission that
 * was not refused (the server has redirected with its toast), so the dialog can close.
 */
export function SupportForm({ back, onCancel, onDone }: { back: string; onCancel?: () => void; onDone?: () => void }) {
  const { t } = useTranslation();
  const { Form, action, result, busy } = useEntryForm<FormReply>("/support");
  const answer = result ? answerFields(result) : undefined;
  const submitted = useRef(false);
  useEffect(() => {
    if (busy) submitted.current = true;
    else if (submitted.current) {
      submitted.current = false;
      if (result?.status !== "error") onDone?.();
    }
  }, [busy, result, onDone]);
  return (
    <Form method="post" action={action} noValidate data-testid="support-form">
      <Stack gap="sm">
        <Text size="sm">{t("support.intro")}</Text>
        <FormAlert error={answer?.errors._form} />
        <div className={classes.field}>
          <RichTextField name={SUPPORT_FIELD} label={t("support.message")} defaultValue={answer?.values?.[SUPPORT_FIELD]} error={translateError(t, answer?.errors[SUPPORT_FIELD])} colours={false} />
        </div>
        <Group justify="flex-end">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              {t("app.cancel")}
            </Button>
          ) : (
            <Button component={Link} to={back} variant="default">
              {t("app.cancel")}
            </Button>
          )}
          <Button type="submit" loading={busy} data-testid="support-send">
            {t("support.send")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
