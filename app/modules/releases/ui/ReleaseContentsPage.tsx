import { Anchor, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { SERVICE_TYPES } from "~/modules/catalogue/catalogue-query";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { catalogueTitle } from "~/modules/catalogue/catalogue-title";
import type { releaseLoader } from "../release-pages.server";
import { ReleaseBanner, releasePath } from "./ReleaseBanner";
import nativeField from "~/ui/native-field.module.css";
import dataTable from "~/ui/DataTable.module.css";
import { PageLinks } from "~/ui/PageLinks";
import classes from "./releases.module.css";

type Contents = Awaited<ReturnType<typeof releaseLoader>>;

/** /servicecatalog/releases/:id — the release's areas, categories and services. */
export function ReleaseContentsPage() {
  const data = useLoaderData<typeof releaseLoader>();
  return <ReleaseContents {...data} base={releasePath(data.release.id)} />;
}

/** A release's contents, its services linking below `base` (the app's release pages, or a share link's). */
export function ReleaseContents({ release, tree, view, list, base }: Contents & { base: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  // The same search and filters in either view; the page number stays behind.
  const viewHref = (next: "tree" | "list") => {
    const params = new URLSearchParams(location.search);
    params.delete("page");
    if (next === "list") params.set("view", "list");
    else params.delete("view");
    const query = params.toString();
    return query ? `${base}?${query}` : base;
  };
  const service = (s: { id: number; name: string }) => (
    <li key={s.id}>
      <Anchor
        component={Link}
        to={`${base}/service/${s.id}`}
        size="sm"
        data-testid="release-service"
      >
        {s.name}
      </Anchor>
    </li>
  );
  const empty =
    tree.areas.every((a) => a.categories.every((c) => !c.services.length)) &&
    !tree.uncategorised.length;
  return (
    <Stack gap="md" maw={1000}>
      <ReleaseBanner release={release} />
      <Title order={1}>
        {catalogueTitle(t, {
          id: 0,
          title: tree.title,
          frameTitle: tree.frameTitle,
        })}
      </Title>
      <Title order={2} size="h3">
        {t("releases.outline")}
      </Title>
      <Group gap="md" data-testid="release-views" role="navigation" aria-label={t("releases.views")}>
        {(["tree", "list"] as const).map((v) => (
          <Anchor key={v} component={Link} to={viewHref(v)} size="sm" fw={view === v ? 700 : undefined} aria-current={view === v ? "page" : undefined} data-testid={`release-view-${v}`}>
            {t(`releases.view.${v}`)}
          </Anchor>
        ))}
      </Group>
      <Form method="get" role="search" aria-label={t("releases.search")} key={JSON.stringify(tree.filter)}>
        {view === "list" ? <input type="hidden" name="view" value="list" /> : null}
        <Group align="flex-end" gap="xs">
          <TextInput type="search" name="q" label={t("releases.search")} defaultValue={tree.search} maxLength={100} style={{ flex: "1 1 220px", minWidth: 0 }} data-testid="release-search" />
          {/* Native controls: Mantine's select and checkbox would add their input chunks to the page. */}
          <label className={nativeField.field}>
            <span>{t("releases.filterType")}</span>
            <select name="type" defaultValue={tree.filter.types[0] ?? ""} data-testid="release-filter-type">
              <option value="">{t("releases.allTypes")}</option>
              {SERVICE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`releases.types.${type}`)}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" variant="default" data-testid="release-search-submit">
            {t("releases.searchSubmit")}
          </Button>
        </Group>
        <Group gap="md" mt="xs">
          {(["owner", "kpi"] as const).map((missing) => (
            <label key={missing} className={classes.choiceOption}>
              <input type="checkbox" name="missing" value={missing} defaultChecked={tree.filter.missing.includes(missing)} data-testid={`release-filter-${missing}`} />
              {t(missing === "owner" ? "releases.withoutOwner" : "releases.withoutKpi")}
            </label>
          ))}
        </Group>
      </Form>
      {tree.filtered ? (
        <Text size="sm" data-testid="release-found">
          {tree.search ? t("releases.found", { count: tree.found, search: tree.search }) : t("releases.foundFiltered", { count: tree.found })}{" "}
          <Anchor component={Link} to={base} size="sm">
            {t("releases.searchReset")}
          </Anchor>
        </Text>
      ) : null}
      {list ? (
        <ReleaseList list={list} base={base} />
      ) : empty ? (
        tree.filtered ? null : (
          <Text size="sm" c="dimmed">
            {t("releases.noServices")}
          </Text>
        )
      ) : (
        <ul className={classes.tree} data-testid="release-tree">
          {tree.areas.map((area) => (
            <li
              key={area.id ?? "none"}
              id={area.id !== null ? `area-${area.id}` : undefined}
            >
              <Text fw={700}>
                {area.id !== null ? area.name : t("releases.withoutArea")}
              </Text>
              <ul>
                {area.categories.map((category) => (
                  <li key={category.id} id={`category-${category.id}`}>
                    <Text fw={600} size="sm">
                      {category.name}
                    </Text>
                    <ul>{category.services.map(service)}</ul>
                  </li>
                ))}
              </ul>
            </li>
          ))}
          {tree.uncategorised.length ? (
            <li>
              <Text fw={700}>{t("releases.withoutCategory")}</Text>
              <ul>{tree.uncategorised.map(service)}</ul>
            </li>
          ) : null}
        </ul>
      )}
    </Stack>
  );
}

/** The list view: the release's services in a table, 50 a page, with area, category and type. */
function ReleaseList({ list, base }: { list: NonNullable<Contents["list"]>; base: string }) {
  const { t } = useTranslation();
  if (!list.total) return null;
  return (
    <Stack gap="xs">
      <div className={dataTable.tableBox}>
        <table className={dataTable.table} data-testid="release-list">
          <thead>
            <tr>
              <th scope="col">{t("releases.column.name")}</th>
              <th scope="col">{t("releases.column.area")}</th>
              <th scope="col">{t("releases.column.category")}</th>
              <th scope="col">{t("releases.filterType")}</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((row) => (
              <tr key={row.id}>
                <td>
                  <Anchor component={Link} to={`${base}/service/${row.id}`} size="sm" data-testid="release-service">
                    {row.name}
                  </Anchor>
                </td>
                <td>{row.area ?? "—"}</td>
                <td>{row.category ?? "—"}</td>
                <td>{row.type === "customer" || row.type === "it" ? t(`releases.types.${row.type}`) : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <PageLinks page={list.page} pageCount={list.pages} total={list.total} />
    </Stack>
  );
}
