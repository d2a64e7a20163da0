import { Alert, Button, Card, Group, Input, Stack, Text, Title } from "@mantine/core";
import { useNavigation } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { FlashToast } from "~/ui/FlashToast";
import { answerFor, fieldError, formError, type FormAnswer } from "~/ui/form/use-schema-form";
import { LOGO_ACCEPT } from "../appearance";
import classes from "./appearance.module.css";
import { useEntryForm } from "~/ui/entry-form";
import { ACTION } from "./autosave";

/** The logo: what is stored, the upload (JPG, JPEG, PNG by content, at most 1 MB) and "remove logo". */
export function LogoSection({ logoUrl, loadError }: { logoUrl: string | null; loadError?: string }) {
  const { Form, action, result: answer } = useEntryForm<FormAnswer>(ACTION);
  const { t } = useTranslation();
  const navigation = useNavigation();
  const inputId = useId();
  const upload = answerFor(answer, "uploadLogo");
  const removal = answerFor(answer, "removeLogo");
  const refused = formError(upload) ?? formError(removal);
  const error = fieldError(t, upload?.error?.logo ?? undefined);
  const busy = navigation.state === "submitting" && navigation.formAction === "/admin/logo";
  return (
    <Card withBorder component="section" aria-labelledby="appearance-logo-heading">
      <Stack gap="md">
        <Title order={2} size="h3" id="appearance-logo-heading">
          {t("appearance.logo.heading")}
        </Title>
        {loadError ? (
          <Alert color="red" role="alert">
            {t(loadError)}
          </Alert>
        ) : null}
        {logoUrl ? (
          <div>
            <Text size="sm" fw={500}>
              {t("appearance.logo.current")}
            </Text>
            <img src={logoUrl} alt={t("shell.logoAlt")} className={classes.currentLogo} data-testid="current-logo" />
          </div>
        ) : (
          <Text size="sm" c="dimmed" data-testid="no-logo">
            {t("appearance.logo.none")}
          </Text>
        )}
        <Form method="post" action={action} encType="multipart/form-data" noValidate>
          <Stack gap="sm">
            <Input.Wrapper id={inputId} label={t("appearance.logo.file")} description={t("appearance.logo.fileHint")} error={error}>
              <input
                id={inputId}
                type="file"
                name="logo"
                accept={LOGO_ACCEPT}
                className={classes.file}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${inputId}-description${error ? ` ${inputId}-error` : ""}`}
                data-testid="logo-file"
              />
            </Input.Wrapper>
            <Group gap="sm">
              <Button type="submit" loading={busy} data-testid="logo-upload">
                {t("appearance.logo.upload")}
              </Button>
            </Group>
          </Stack>
        </Form>
        {logoUrl ? (
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value="removeLogo" />
            <Button type="submit" variant="default" color="red" data-testid="logo-remove">
              {t("appearance.logo.remove")}
            </Button>
          </Form>
        ) : null}
        {refused ? <FlashToast key={JSON.stringify(answer)} flash={{ id: "logo", kind: "error", message: refused }} /> : null}
      </Stack>
    </Card>
  );
}
