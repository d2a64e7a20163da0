import { Anchor, Badge, Button, Group, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { Form, Link, Outlet, useLocation } from "@remix-run/react";
import { IconArrowDown, IconArrowUp, IconPlus, IconSearch } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/dates";
import { ROLE_LABEL_KEYS } from "~/modules/access/roles";
import { PageLinks } from "~/ui/PageLinks";
import type { UserListItem } from "../users.server";
import { userListHref, type UserListQuery, type UserSort } from "../users-query";
import { TableBox } from "~/ui/TableBox";

/** Role chips: the admin roles stand out, readers stay quiet. */
const ROLE_COLOUR: Record<UserListItem["role"], string> = {
  superadmin: "red",
  keysuperuser: "orange",
  admin: "orange",
  keyuser: "green",
  user: "blue",
  client: "gray",
};

interface UsersPageProps {
  /** `manageable`: whether the viewer may edit or delete the account (the access policy). */
  items: (UserListItem & { manageable: boolean })[];
  total: number;
  page: number;
  pageCount: number;
  query: UserListQuery;
  meId: number;
  /** Azure mode, seen by a superadmin: whether password sign-in is on for everyone. */
  localLogin: boolean | null;
}

/** /admin/usermanagement — every account, searchable and sortable; new, edit and delete are dialogs over it. */
export function UsersPage({ items, total, page, pageCount, query, meId, localLogin }: UsersPageProps) {
  const { t, i18n } = useTranslation();
  const { search } = useLocation();
  const sortHeader = (column: UserSort, label: string) => {
    const active = query.sort === column;
    const dir = active && query.dir === "asc" ? "desc" : "asc";
    return (
      <Table.Th scope="col" aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : undefined}>
        <Anchor component={Link} to={userListHref({ ...query, sort: column, dir, page: 1 })} c="inherit" fw={600} size="sm">
          {label}
          {active ? query.dir === "asc" ? <IconArrowUp size={12} aria-hidden /> : <IconArrowDown size={12} aria-hidden /> : null}
        </Anchor>
      </Table.Th>
    );
  };
  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t("users.title")}</Title>
        <Button component={Link} to={`/admin/usermanagement/new${search}`} leftSection={<IconPlus size={16} aria-hidden />} data-testid="new-user">
          {t("users.new")}
        </Button>
      </Group>
      {localLogin !== null ? (
        <Form method="post" data-testid="local-login">
          <input type="hidden" name="intent" value="local-login" />
          <input type="hidden" name="enabled" value={localLogin ? "false" : "true"} />
          <Group gap="sm" wrap="wrap">
            <Text size="sm">{localLogin ? t("users.localLoginIsOn") : t("users.localLoginIsOff")}</Text>
            <Button type="submit" size="xs" variant="default">
              {localLogin ? t("users.localLoginSwitchOff") : t("users.localLoginSwitchOn")}
            </Button>
          </Group>
        </Form>
      ) : null}
      <Form method="get" role="search" aria-label={t("users.search")}>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput name="q" label={t("users.search")} placeholder={t("users.searchPlaceholder")} defaultValue={query.q} leftSection={<IconSearch size={14} aria-hidden />} style={{ flex: 1, maxWidth: 420 }} type="search" />
          {query.sort !== "name" ? <input type="hidden" name="sort" value={query.sort} /> : null}
          {query.dir === "desc" ? <input type="hidden" name="dir" value="desc" /> : null}
          <Button type="submit" variant="default">
            {t("users.searchSubmit")}
          </Button>
        </Group>
      </Form>
      {items.length === 0 ? (
        <Text c="dimmed" data-testid="users-none">
          {t("users.noMatches")}
        </Text>
      ) : (
        <TableBox minWidth={760}>
          <Table striped highlightOnHover aria-label={t("users.title")} data-testid="users-table" data-row-actions>
            <Table.Thead>
              <Table.Tr>
                {sortHeader("name", t("users.name"))}
                {sortHeader("email", t("users.email"))}
                {sortHeader("role", t("users.role"))}
                <Table.Th scope="col">{t("users.sso")}</Table.Th>
                {sortHeader("last_login_at", t("users.lastLogin"))}
                <Table.Th scope="col">{t("users.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((user) => (
                <Table.Tr key={user.id} data-testid="user-row" data-user-id={user.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/usermanagement/user/${user.id}`} fw={500} size="sm" aria-label={t("users.permissionsOf", { name: user.name })}>
                      {user.name}
                    </Anchor>
                    {user.id === meId ? (
                      <Text span size="xs" c="dimmed">
                        {` (${t("users.you")})`}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                      {user.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={ROLE_COLOUR[user.role]} c={`${ROLE_COLOUR[user.role]}.9`} variant="light" data-role={user.role}>
                      {t(ROLE_LABEL_KEYS[user.role])}
                    </Badge>
                  </Table.Td>
                  <Table.Td data-testid="user-sso">
                    {user.azureUser ? t("users.yes") : t("users.no")}
                    {user.ssoLastLoginAt ? (
                      <Text span size="xs" c="dimmed" display="block">
                        {t("users.ssoLastLogin", { date: formatDateTime(user.ssoLastLoginAt, i18n.language) })}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{user.lastLoginAt ? formatDateTime(user.lastLoginAt, i18n.language) : <Text span size="sm" c="dimmed">{t("users.never")}</Text>}</Table.Td>
                  <Table.Td>
                    {user.manageable ? (
                    <Group gap="xs" wrap="nowrap">
                      <Anchor component={Link} to={`/admin/usermanagement/${user.id}/edit${search}`} size="sm" aria-label={t("users.editLabel", { name: user.name })}>
                        {t("users.edit")}
                      </Anchor>
                      {user.id !== meId ? (
                        <Anchor component={Link} to={`/admin/usermanagement/${user.id}/delete${search}`} size="sm" c="red.8" aria-label={t("users.deleteLabel", { name: user.name })}>
                          {t("users.delete")}
                        </Anchor>
                      ) : null}
                    </Group>
                    ) : (
                      <Text span size="sm" c="dimmed" data-testid="user-not-manageable">
                        {t("users.superadminOnly")}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableBox>
      )}
      <PageLinks page={page} pageCount={pageCount} total={total} />
      <Outlet />
    </Stack>
  );
}
