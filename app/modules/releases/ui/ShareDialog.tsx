import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime } from "~/lib/dates";
import { FormAlert } from "~/ui/FormAlert";
import { RouteDialog } from "~/ui/RouteDialog";
import { fieldProps, useSchemaForm, type FormReply } from "~/ui/form/use-schema-form";
import type { shareDialogLoader } from "../share-page.server";
import type { ShareLinkSchema } from "../share-schema";
import { LINK_LABEL_MAX } from "../releases-limits";

const LIST = "/servicecatalog/releases";
type Data = Awaited<ReturnType<typeof shareDialogLoader>>;
type LinkRow = Data["links"][number];

function LinkCard({ link, now }: { link: LinkRow; now: string }) {
  const { t, i18n } = useTranslation();
  const name = link.label ?? t("releaseshare.unnamed", { date: formatDate(link.createdAt, i18n.language) });
  const expired = link.expiresAt !== null && link.expiresAt <= now;
  const state = link.revokedAt
    ? t("releaseshare.revokedOn", { date: formatDate(link.revokedAt, i18n.language) })
    : expired
      ? t("releaseshare.expiredOn", { date: formatDate(link.expiresAt, i18n.language) })
      : null;
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-testid="share-link">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" style={{ overflowWrap: "anywhere" }} data-testid="share-link-name">
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {t("releaseshare.createdBy", { date: formatDateTime(link.createdAt, i18n.language), name: link.createdByName ?? "—" })}
          </Text>
          <Text size="xs" data-testid="share-link-usage">
            {t("releaseshare.accesses", { count: link.accessCount })} ·{" "}
            {link.lastAccessAt ? t("releaseshare.lastAccess", { date: formatDateTime(link.lastAccessAt, i18n.language) }) : t("releaseshare.neverOpened")} ·{" "}
            {link.expiresAt ? t("releaseshare.validUntil", { date: formatDate(link.expiresAt, i18n.language) }) : t("releaseshare.validAlways")}
          </Text>
          {state ? (
            <Badge variant="light" color="red" c="dark" data-testid="share-link-state">
              {state}
            </Badge>
          ) : null}
        </Stack>
        {link.revokedAt || expired ? null : (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="revoke" />
            <input type="hidden" name="link" value={link.id} />
            <Button type="submit" size="xs" variant="default" color="red" aria-label={t("releaseshare.revokeNamed", { name })} data-testid="revoke-link">
              {t("releaseshare.revoke")}
            </Button>
          </Form>
        )}
      </Group>
    </Paper>
  );
}

/** /servicecatalog/releases/:id/share — make a link (shown once), see who opened which and how often, revoke. */
export function ShareDialog() {
  const { t } = useTranslation();
  const loaded = useLoaderData<typeof shareDialogLoader>();
  const answer = useActionData<Data | FormReply>();
  // After making a link the action answers with the dialog's data and the new link.
  const current = answer && "links" in answer ? answer : loaded;
  const [form, fields] = useSchemaForm<typeof ShareLinkSchema>(answer && !("links" in answer) ? answer : undefined);
  const busy = useNavigation().state === "submitting";
  return (
    <RouteDialog title={t("releaseshare.title", { label: current.release.label })} closeTo={LIST} maxWidth={640}>
      <Stack gap="md">
        <Text size="sm">{t("releaseshare.intro")}</Text>
        {current.created ? (
          <Paper withBorder p="sm" radius="md" bg="green.0" data-testid="share-created">
            <Stack gap={4}>
              <Title order={3} size="h5">
                {t("releaseshare.createdTitle")}
              </Title>
              <TextInput readOnly value={current.created.url} aria-label={t("releaseshare.createdTitle")} onFocus={(event) => event.currentTarget.select()} data-testid="share-url" />
              <Text size="xs">{t("releaseshare.createdHint")}</Text>
            </Stack>
          </Paper>
        ) : null}
        <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate preventScrollReset>
          <input type="hidden" name="intent" value="create" />
          <Stack gap="sm">
            <FormAlert error={form.errors?.[0]} />
            <Group grow align="flex-start" wrap="wrap">
              <TextInput key={fields.label.key} {...fieldProps(t, fields.label)} label={t("releaseshare.label")} description={t("releaseshare.labelHint")} maxLength={LINK_LABEL_MAX} miw={200} data-testid="share-label" />
              <TextInput key={fields.expires.key} {...fieldProps(t, fields.expires)} type="date" label={t("releaseshare.expires")} description={t("releaseshare.expiresHint")} miw={180} data-testid="share-expires" />
            </Group>
            <Group justify="flex-end">
              <Button component={Link} to={LIST} variant="default" preventScrollReset>
                {t("app.close")}
              </Button>
              <Button type="submit" loading={busy} data-testid="share-create">
                {t("releaseshare.create")}
              </Button>
            </Group>
          </Stack>
        </Form>
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t("releaseshare.links")}
          </Title>
          {current.links.length ? (
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} data-testid="share-links">
              {current.links.map((link) => (
                <LinkCard key={link.id} link={link} now={current.now} />
              ))}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t("releaseshare.none")}
            </Text>
          )}
        </Stack>
      </Stack>
    </RouteDialog>
  );
}
