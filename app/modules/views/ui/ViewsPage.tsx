import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Form, Link, Outlet, useLoaderData, useNavigation } from "@remix-run/react";
import { IconExternalLink, IconPencil, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { catalogueTitle } from "~/modules/catalogue/catalogue-title";
import { formatDateTime } from "~/lib/dates";
import { EmptyState } from "~/ui/EmptyState";
import type { viewsLoader } from "../views-page.server";
import { summaryParts } from "./summary";

type ViewItem = Awaited<ReturnType<typeof viewsLoader>>["views"][number];

/** One saved view: name, whether it is shared, what it shows, where, by whom; open, edit, delete. */
function ViewCard({ view }: { view: ViewItem }) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const opening = navigation.state !== "idle" && navigation.formAction === `/views/${view.id}/open`;
  const catalogue = view.catalogueId === null ? t("views.currentCatalogue") : catalogueTitle(t, { id: view.catalogueId, title: view.catalogueTitle, frameTitle: view.frameTitle });
  return (
    <Paper component="li" withBorder p="md" radius="md" data-testid="saved-view">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
            <Title order={3} size="h4" style={{ overflowWrap: "anywhere" }} data-testid="saved-view-name">
              {view.name}
            </Title>
            <Badge variant="light" color={view.shared ? "teal" : "gray"} c="dark" data-testid="saved-view-sharing">
              {view.shared ? t("views.shared") : t("views.personal")}
            </Badge>
          </Group>
          <Group gap="xs" wrap="wrap">
            <Form method="post" action={`/views/${view.id}/open`}>
              <Button type="submit" size="xs" leftSection={<IconExternalLink size={14} aria-hidden />} aria-label={t("views.openNamed", { name: view.name })} loading={opening} data-testid="open-view">
                {t("views.open")}
              </Button>
            </Form>
            {view.canManage ? (
              <>
                <Button
                  component={Link}
                  to={`/views/${view.id}/edit`}
                  preventScrollReset
                  size="xs"
                  variant="default"
                  leftSection={<IconPencil size={14} aria-hidden />}
                  aria-label={t("views.editNamed", { name: view.name })}
                  data-testid="edit-view"
                >
                  {t("views.editAction")}
                </Button>
                <Button
                  component={Link}
                  to={`/views/${view.id}/delete`}
                  preventScrollReset
                  size="xs"
                  variant="default"
                  color="red"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  aria-label={t("views.deleteNamed", { name: view.name })}
                  data-testid="delete-view"
                >
                  {t("views.delete.submit")}
                </Button>
              </>
            ) : null}
          </Group>
        </Group>
        <Text size="sm" data-testid="saved-view-summary">
          {summaryParts(t, view.state).join(" · ")}
        </Text>
        <Text size="xs" c="dimmed">
          {t("views.columns.catalogue")}: {catalogue}
          {" · "}
          {view.mine ? null : `${t("views.columns.owner")}: ${view.ownerName} · `}
          {t("views.columns.updated")}: {formatDateTime(view.updatedAt, i18n.language)}
        </Text>
      </Stack>
    </Paper>
  );
}

function ViewList({ views, testId }: { views: ViewItem[]; testId: string }) {
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }} data-testid={testId}>
      {views.map((view) => (
        <ViewCard key={view.id} view={view} />
      ))}
    </Stack>
  );
}

/** /views — the user's own saved views and everyone's shared ones; the edit and delete dialogs nest here. */
export function ViewsPage() {
  const { views } = useLoaderData<typeof viewsLoader>();
  const { t } = useTranslation();
  const mine = views.filter((v) => v.mine);
  const others = views.filter((v) => !v.mine);
  return (
    <Stack gap="lg" maw={1000}>
      <div>
        <Title order={1}>{t("views.title")}</Title>
        <Text size="sm" c="dimmed" mt={4}>
          {t("views.intro")}
        </Text>
      </div>
      <Stack gap="sm" component="section" aria-labelledby="views-mine">
        <Title order={2} size="h3" id="views-mine">
          {t("views.mine")}
        </Title>
        {mine.length ? (
          <ViewList views={mine} testId="my-views" />
        ) : (
          <EmptyState message={t("views.emptyMine")} hint={t("views.emptyHint")} action={{ label: t("views.toCatalogue"), to: "/servicecatalog" }} testId="views-empty" />
        )}
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="views-shared">
        <Title order={2} size="h3" id="views-shared">
          {t("views.sharedByOthers")}
        </Title>
        {others.length ? (
          <ViewList views={others} testId="shared-views" />
        ) : (
          <Text size="sm" c="dimmed" data-testid="shared-views-empty">
            {t("views.emptyShared")}
          </Text>
        )}
      </Stack>
      <Anchor component={Link} to="/documentation/catalogue" size="sm">
        {t("documentation.aboutViews")}
      </Anchor>
      <Outlet />
    </Stack>
  );
}
