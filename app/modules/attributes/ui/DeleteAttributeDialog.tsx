import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "~/ui/FormAlert";
import { RouteDialog } from "~/ui/RouteDialog";
import { formError, type FormAnswer } from "~/lib/form-answer";
import { AffectedServices } from "~/ui/AffectedServices";

interface DeleteData {
  attribute: { id: number; designation: string };
  usage: { services: { id: number; name: string }[]; total: number };
}

/**
 * /admin/serviceattributes/:id/delete — a confirmation over the list (a page of its own without
 * JS). It says how many services hold a value of the attribute: those values go with it.
 */
export function DeleteAttributeDialog() {
  const { t } = useTranslation();
  const { attribute, usage } = useLoaderData<DeleteData>();
  const error = formError(useActionData<FormAnswer>());
  const busy = useNavigation().state === "submitting";
  const back = "/admin/serviceattributes";
  const name = attribute.designation;
  return (
    <RouteDialog title={t("attributes.deleteTitle", { name })} closeTo={back} maxWidth={560}>
      <Form method="post">
        <Stack gap="sm">
          <FormAlert error={error} />
          <input type="hidden" name="seen" value={usage.total} />
          <Text size="sm">{t("attributes.deleteQuestion", { name })}</Text>
          {usage.total > 0 ? (
            <Alert color="orange" title={t("attributes.deleteValues", { count: usage.total })} data-testid="delete-usage">
              <AffectedServices items={usage.services} total={usage.total} more={(count) => t("attributes.confirm.more", { count })} />
            </Alert>
          ) : (
            <Text size="sm" c="dimmed" data-testid="delete-usage">
              {t("attributes.deleteNoValues")}
            </Text>
          )}
          <Group justify="flex-end">
            <Button component={Link} to={back} variant="default">
              {t("app.cancel")}
            </Button>
            <Button type="submit" color="red" loading={busy} data-testid="confirm-delete-attribute">
              {usage.total > 0 ? t("attributes.deleteConfirm") : t("attributes.delete")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </RouteDialog>
  );
}
