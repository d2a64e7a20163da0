import { Alert, Anchor, Button, Stack, Text, Title } from "@mantine/core";
import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { UnsubscribeData } from "../prefs-page.server";

/** /unsubscribe/:token — one button switches the kind's mails off; no sign-in needed. */
export function UnsubscribePage({ data }: { data: UnsubscribeData }) {
  const { t } = useTranslation();
  const answer = useActionData<UnsubscribeData>();
  const kindName = t(`notifications.prefs.kinds.${data.kind}`);
  const done = answer?.done ?? false;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t("notifications.unsubscribe.title")}
      </Title>
      {done ? (
        <Alert color="green" role="status" data-testid="unsubscribed">
          {t("notifications.unsubscribe.done", { kind: kindName })}
        </Alert>
      ) : (
        <>
          <Text>{data.done ? t("notifications.unsubscribe.already", { kind: kindName }) : t("notifications.unsubscribe.ask", { kind: kindName })}</Text>
          {data.done ? null : (
            <Form method="post">
              <Button type="submit" data-testid="unsubscribe">
                {t("notifications.unsubscribe.confirm")}
              </Button>
            </Form>
          )}
        </>
      )}
      <Anchor component={Link} to="/settings/notifications">
        {t("notifications.unsubscribe.settings")}
      </Anchor>
    </Stack>
  );
}
