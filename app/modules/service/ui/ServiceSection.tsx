import { Alert, Anchor, Button, Card, Group, Stack, Title } from "@mantine/core";
import { Form, useLocation, useNavigation } from "@remix-run/react";
import { createContext, useContext, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EditDisclosure } from "~/ui/EditDisclosure";
import type { FieldErrors } from "~/server/errors.server";
import { translateError } from "~/ui/forms";
import classes from "./service.module.css";

/** The service version the page shows: a successful save changes it, and the section editors close. */
export const ServiceVersion = createContext("");

/**
 * One section of the service page: what is stored, and — for editors — its own form in a
 * disclosure (no JS needed), opened when the last save of this section was refused. An empty
 * section is compact and offers "add" instead of "edit".
 */
export function ServiceSection({
  id,
  title,
  children,
  form,
  editOpen,
  empty = false,
}: {
  id: string;
  title: string;
  children: ReactNode;
  form?: ReactNode;
  editOpen?: boolean;
  empty?: boolean;
}) {
  const { t } = useTranslation();
  const version = useContext(ServiceVersion);
  return (
    <Card
      withBorder
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      className={classes.section}
      data-empty={empty ? "" : undefined}
      padding={empty ? "sm" : undefined}
      data-testid={`section-${id}`}
    >
      <Title order={2} size="h3" id={`${id}-title`} mb={empty ? 4 : "sm"}>
        {title}
      </Title>
      {children}
      {form ? (
        // Keyed by the version: after a save the editor starts closed, showing the saved text once.
        <EditDisclosure
          key={version}
          className={classes.edit}
          bodyClassName={classes.editBody}
          open={editOpen}
          summary={t(empty ? "service.add" : "service.edit")}
          summaryTestId={`edit-${id}`}
          editKey={id}
          anchor={id}
        >
          {form}
        </EditDisclosure>
      ) : null}
    </Card>
  );
}

/** A section's form: intent, the version it was loaded with, errors, save. */
export function SectionForm({
  intent,
  updatedAt,
  errors,
  stale,
  children,
  encType,
  hidden,
}: {
  intent?: string;
  updatedAt: string;
  errors?: FieldErrors;
  stale?: boolean;
  children: ReactNode;
  encType?: "multipart/form-data";
  hidden?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" encType={encType} noValidate preventScrollReset>
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <input type="hidden" name="updated_at" value={updatedAt} />
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Stack gap="sm">
        {stale ? (
          <Alert color="orange" role="alert" title={t("service.staleTitle")} data-testid="stale-notice">
            {t("service.stale")}{" "}
            <Anchor href={location.pathname} size="sm">
              {t("service.reload")}
            </Anchor>
          </Alert>
        ) : errors?._form ? (
          <Alert color="red" role="alert">
            {translateError(t, errors._form)}
          </Alert>
        ) : null}
        {children}
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {t("service.save")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
