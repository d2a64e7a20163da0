import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form, Link, Outlet, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "~/ui/FormAlert";
import type { factoryCatalogLoader } from "../catalog-page.server";
import { filterLists, listQuery } from "../factory-types";
import { buildTree } from "./catalog-tree";
import { CatalogTree } from "./CatalogTree";
import classes from "./factory.module.css";
import { useFactoryWalk } from "./use-factory-walk";
import { useSelection } from "./use-selection";

const PATH = "/factory/catalog";

/** Without a connection: where to set one up. */
export function NotConfigured() {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" title={t("factory.notConfigured")} data-testid="factory-not-configured">
      <Stack gap={4}>
        <Text size="sm">{t("factory.notConfiguredHint")}</Text>
        <Anchor component={Link} to="/settings/factory" size="sm">
          {t("factory.toSettings")}
        </Anchor>
      </Stack>
    </Alert>
  );
}

/** The walk's progress: a native progress bar (named, announced) and the page being read. */
function WalkProgress({ progress }: { progress: NonNullable<ReturnType<typeof useFactoryWalk>["progress"]> }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid="factory-progress">
      <progress value={progress.done} max={Math.max(progress.total, 1)} aria-label={t("factory.catalog.progressLabel")} style={{ width: "100%" }} />
      <Text size="sm" role="status">
        {progress.list === "catalogues"
          ? t("factory.catalog.loadingStart")
          : t("factory.catalog.loading", { list: t(`factory.catalog.lists.${progress.list}`), page: progress.page, last: progress.last })}
      </Text>
    </Stack>
  );
}

/**
 * /factory/catalog — the template's catalogue to choose services from (issue 18 §3). With JS the
 * page walks the template's pages itself and shows its progress, searches as one types and applies
 * the selection rules at once; without JS the server walks the pages ("Vorlagen laden"), searches
 * on submit, and the import dialog applies the rules to what was ticked.
 */
export function CatalogPage() {
  const data = useLoaderData<typeof factoryCatalogLoader>();
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const walk = useFactoryWalk();
  const [hydrated, setHydrated] = useState(false);
  const [query, setQuery] = useState(data.q);
  const linked = useMemo(() => new Map(data.linked), [data.linked]);
  // The server's lists (the page without JS, or an address with ?load=1) come first; else the walk's.
  const serverLists = data.lists !== null;
  const full = data.lists ?? walk.lists;
  const selection = useSelection(full, linked);
  const { start } = walk;

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (data.configured && !serverLists && !data.error) start();
  }, [data.configured, serverLists, data.error, start]);

  const shown = useMemo(() => (full ? (serverLists ? full : filterLists(full, query)) : null), [full, serverLists, query]);
  const tree = useMemo(() => (shown ? buildTree(shown) : []), [shown]);
  const total = serverLists ? data.total : (walk.lists?.services.length ?? 0);
  const searching = (serverLists ? data.q : query).trim() !== "";
  const error = data.error ?? walk.error;
  const dialogQuery = listQuery(location.search);
  const loadingOnServer = navigation.state === "loading" && navigation.location?.pathname === PATH && new URLSearchParams(navigation.location.search).get("load") === "1";

  return (
    <Stack gap="md" maw={1100} data-testid="factory-catalog">
      <Title order={1}>{t("factory.catalog.title")}</Title>
      <Text size="sm">{t("factory.catalog.intro")}</Text>
      {data.fromRelease ? (
        // Issue 35 §8: what the template server froze in a release, not its current state.
        <Text size="sm" data-testid="factory-source-release">
          {data.release ? t("factory.catalog.fromRelease", { label: data.release }) : t("factory.catalog.fromAnyRelease")}{" "}
          <Anchor component={Link} to="/settings/factory">
            {t("factory.catalog.changeSource")}
          </Anchor>
        </Text>
      ) : null}
      {!data.configured ? <NotConfigured /> : null}
      {data.configured ? (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Form
            method="get"
            action={PATH}
            role="search"
            onSubmit={(event) => {
              // With the walk's lists the search runs as one types; the server's lists are searched by the server.
              if (!serverLists && walk.lists) event.preventDefault();
            }}
          >
            <input type="hidden" name="load" value="1" />
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                name="q"
                type="search"
                label={t("factory.catalog.search")}
                value={query}
                onChange={(event) => setQuery(event.currentTarget.value)}
                maxLength={200}
                data-testid="factory-search"
              />
              <Button type="submit" variant="default">
                {t("factory.catalog.searchSubmit")}
              </Button>
            </Group>
          </Form>
          <Form
            method="get"
            action={PATH}
            onSubmit={(event) => {
              if (serverLists) return;
              event.preventDefault();
              selection.clear();
              start();
            }}
          >
            <input type="hidden" name="load" value="1" />
            <input type="hidden" name="refresh" value="1" />
            <Button type="submit" variant={full ? "subtle" : "filled"} loading={walk.status === "loading" || loadingOnServer} data-testid="factory-load">
              {full ? t("factory.catalog.reload") : t("factory.catalog.load")}
            </Button>
          </Form>
        </Group>
      ) : null}
      {walk.status === "loading" && walk.progress ? <WalkProgress progress={walk.progress} /> : null}
      <FormAlert error={error} />
      {shown && total === 0 ? <Text data-testid="factory-empty">{t("factory.catalog.empty")}</Text> : null}
      {shown && total > 0 && searching ? (
        <Text size="sm" role="status" data-testid="factory-matches">
          {shown.services.length ? t("factory.catalog.matches", { count: shown.services.length, total }) : t("factory.catalog.noMatches")}
        </Text>
      ) : null}
      {shown && shown.services.length + shown.areas.length + shown.categories.length > 0 ? (
        <Form method="post" action={`${PATH}/import${dialogQuery}`} preventScrollReset data-testid="factory-selection">
          <input type="hidden" name="intent" value="select" />
          {hydrated ? <input type="hidden" name="explicit" value="1" /> : null}
          <CatalogTree tree={tree} linked={linked} selection={selection} search={dialogQuery} showCatalogues={tree.length > 1} />
          <div className={classes.bar}>
            <Group justify="space-between" gap="sm" wrap="wrap">
              {hydrated ? (
                <Text size="sm" data-testid="factory-selected">
                  {t("factory.catalog.selected", { count: selection.services.size })}
                </Text>
              ) : (
                <Text size="sm" c="dimmed" maw={640}>
                  {t("factory.catalog.selectionHint")}
                </Text>
              )}
              <Button type="submit" disabled={hydrated && selection.services.size === 0} data-testid="factory-import">
                {t("factory.catalog.importSelected")}
              </Button>
            </Group>
          </div>
        </Form>
      ) : null}
      <Outlet />
    </Stack>
  );
}
