import { Button, Group, Stack, Text } from "@mantine/core";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "~/ui/FormAlert";
import { RouteDialog } from "~/ui/RouteDialog";
import { formError, type FormReply } from "~/lib/form-answer";
import type { BulkKind, bulkLoader } from "../grants-page.server";
import { grantsPath } from "../grants-path";

/**
 * The confirmation of "grant all" or "remove all" (spec 02 §5: both need one): a dialog over
 * the permissions page, a page of its own without JS. It names what will change.
 */
export function BulkGrantDialog({ kind }: { kind: BulkKind }) {
  const { user, counts, loadError } = useLoaderData<typeof bulkLoader>();
  const answer = useActionData<FormReply>();
  const navigation = useNavigation();
  const { t } = useTranslation();
  const closeTo = grantsPath(user.id);
  const grant = kind === "grant-all";
  return (
    <RouteDialog title={t(grant ? "grants.list.grantAll" : "grants.list.removeAll")} closeTo={closeTo} maxWidth={600}>
      <Form method="post">
        <Stack gap="md">
          {counts ? (
            <Text data-testid="bulk-question">
              {grant
                ? t("grants.bulk.grantAllQuestion", { name: user.name, count: counts.allCategories })
                : t("grants.bulk.removeAllQuestion", { name: user.name, categories: counts.categories, services: counts.services })}
            </Text>
          ) : null}
          <Text size="sm" c="dimmed">
            {t("grants.bulk.hint")}
          </Text>
          <FormAlert error={loadError ?? formError(answer)} />
          <Group justify="flex-end">
            <Button component={Link} to={closeTo} variant="default" preventScrollReset>
              {t("app.cancel")}
            </Button>
            <Button type="submit" color={grant ? undefined : "red"} loading={navigation.state === "submitting"} autoFocus data-testid="confirm-bulk">
              {t(grant ? "grants.bulk.confirmGrantAll" : "grants.bulk.confirmRemoveAll")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </RouteDialog>
  );
}
