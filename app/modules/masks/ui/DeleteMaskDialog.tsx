import { Button, Group, Stack, Text } from "@mantine/core";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "~/ui/FormAlert";
import { RouteDialog } from "~/ui/RouteDialog";
import { formError, type FormAnswer } from "~/lib/form-answer";

/** /admin/attributemasks/:id/delete — a confirmation over the list; the services show what the mask hid again. */
export function DeleteMaskDialog() {
  const { t } = useTranslation();
  const { mask } = useLoaderData<{ mask: { id: number; name: string } }>();
  const error = formError(useActionData<FormAnswer>());
  const busy = useNavigation().state === "submitting";
  return (
    <RouteDialog title={t("masks.deleteTitle", { name: mask.name })} closeTo="/admin/attributemasks" maxWidth={480}>
      <Form method="post">
        <Stack gap="sm">
          <FormAlert error={error} />
          <Text size="sm">{t("masks.deleteConfirm", { name: mask.name })}</Text>
          <Group justify="flex-end">
            <Button component={Link} to="/admin/attributemasks" variant="default">
              {t("app.cancel")}
            </Button>
            <Button type="submit" color="red" loading={busy} data-testid="confirm-delete-mask">
              {t("masks.delete")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </RouteDialog>
  );
}
