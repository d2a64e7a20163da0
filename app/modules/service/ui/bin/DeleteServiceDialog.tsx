import { Button, Group, Stack, Text } from "@mantine/core";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Derivative } from "~/modules/service/service-lifecycle.server";
import { FormAlert } from "../../../../ui/FormAlert";
import { RouteDialog } from "../../../../ui/RouteDialog";
import { DerivativeWarning } from "./DerivativeList";

/**
 * Confirmation of moving a service to the bin. The form carries the version and the derivatives
 * the user saw, so a change in between is refused instead of deleting more than was shown.
 */
export function DeleteServiceDialog({
  service,
  derivatives,
  error,
}: {
  service: { id: number; name: string; updated_at: string };
  derivatives: Derivative[];
  error?: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const closeTo = `/servicecatalog/service/${service.id}`;
  return (
    <RouteDialog title={t("lifecycle.delete.title")} closeTo={closeTo} maxWidth={560}>
      <Form method="post">
        <input type="hidden" name="updated_at" value={service.updated_at} />
        <input type="hidden" name="derivatives" value={derivatives.map((d) => d.id).join(",")} />
        <Stack gap="md">
          <Text>{t("lifecycle.delete.question", { name: service.name })}</Text>
          <DerivativeWarning derivatives={derivatives} />
          <Text size="sm" c="dimmed">
            {t("lifecycle.delete.hint")}
          </Text>
          <FormAlert error={error} />
          <Group justify="flex-end">
            <Button component={Link} to={closeTo} variant="default">
              {t("app.cancel")}
            </Button>
            <Button type="submit" color="red" loading={navigation.state === "submitting"} autoFocus data-testid="confirm-delete">
              {t("lifecycle.delete.submit")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </RouteDialog>
  );
}
