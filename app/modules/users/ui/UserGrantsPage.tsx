import { Anchor, Button, Group, Stack, Text, Title } from "@mantine/core";
import { Link, Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { serviceEditReach } from "~/modules/access/policy";
import { ROLE_LABEL_KEYS, isRole } from "~/modules/access/roles";
import { FormAlert } from "~/ui/FormAlert";
import { formError, type FormAnswer } from "~/lib/form-answer";
import type { grantsLoader } from "../grants-page.server";
import { grantsPath } from "../grants-path";
import type { GrantUser } from "../grants-schema";
import { CategoryGrants } from "./CategoryGrants";
import { GrantToggle } from "./GrantToggle";
import classes from "./grants.module.css";

/**
 * /admin/usermanagement/user/:id — one user's permissions (issue 13 §2): the word-export flag and
 * the export licence, then the edit grants per category and per service, with "grant all" and
 * "remove all" (confirmation dialogs nest here).
 */
export function UserGrantsPage() {
  const data = useLoaderData<typeof grantsLoader>();
  const answer = useActionData<FormAnswer<{ id?: string }>>();
  const { t } = useTranslation();
  const user = data.record;
  const opened = data.opened;
  // The toggles post back to the page as it is, so the opened category stays open.
  const action = grantsPath(user.id, { category: opened?.category.id, page: opened?.page });
  const categories = data.catalogues.reduce((sum, c) => sum + c.categoryCount, 0);
  const granted = data.catalogues.reduce((sum, c) => sum + c.grantedCount, 0);
  return (
    <Stack gap="lg" className={classes.page}>
      <Anchor component={Link} to="/admin/usermanagement" size="sm">
        {t("grants.back")}
      </Anchor>
      <Title order={1} className={classes.wrap}>
        {t("grants.heading", { name: user.name })}
      </Title>
      <UserFacts user={user} />
      {data.mayManage ? null : (
        <Text size="sm" fw={600} data-testid="account-read-only">
          {t("grants.superadminOnly")}
        </Text>
      )}
      <FormAlert error={data.loadError ?? formError(answer)} />
      <ExportSettings user={user} exportActive={data.exportActive} mayChangeLicence={data.mayChangeLicence} mayManage={data.mayManage} action={action} />
      {/* A superadmin edits every service whatever it is granted: a read-only list would say nothing. */}
      {data.loadError || !data.mayManage ? null : (
        <Stack gap="md" component="section" aria-labelledby="grants-title">
          <Title order={2} size="h3" id="grants-title">
            {t("grants.list.title")}
          </Title>
          <Text size="sm">{t("grants.list.intro")}</Text>
          <Text size="sm" fw={600} data-testid="grants-summary">
            {t("grants.list.summary", { granted, total: categories, count: data.grantedServices })}
          </Text>
          <Group gap="sm">
            <Button component={Link} to={`/admin/usermanagement/user/${user.id}/grant-all`} preventScrollReset variant="light" data-testid="grant-all">
              {t("grants.list.grantAll")}
            </Button>
            <Button component={Link} to={`/admin/usermanagement/user/${user.id}/remove-all`} preventScrollReset variant="default" data-testid="remove-all">
              {t("grants.list.removeAll")}
            </Button>
          </Group>
          {data.catalogues.length === 0 ? <Text size="sm">{t("grants.list.nothing")}</Text> : null}
          <CategoryGrants userId={user.id} catalogues={data.catalogues} opened={opened} action={action} />
        </Stack>
      )}
      <Outlet />
    </Stack>
  );
}

/** The scope line per reach of the access policy. */
const SCOPE_KEYS = { all: "grants.scope.all", granted: "grants.scope.user", none: "grants.scope.none" } as const;

function UserFacts({ user }: { user: GrantUser }) {
  const { t } = useTranslation();
  const role = isRole(user.role) ? t(ROLE_LABEL_KEYS[user.role]) : user.role;
  const scope = SCOPE_KEYS[serviceEditReach(user)];
  return (
    <Stack gap={4}>
      <Text size="sm" className={classes.wrap} data-testid="user-email">
        {t("grants.email")}: {user.email}
      </Text>
      <Text size="sm" data-testid="user-role">
        {t("grants.role")}: {role}
      </Text>
      <Text size="sm">{t(scope, { name: user.name, role })}</Text>
    </Stack>
  );
}

/** The user's word-export flag, and whether the licence allows exporting at all (switched by a superadmin only). */
function ExportSettings({ user, exportActive, mayChangeLicence, mayManage, action }: { user: GrantUser; exportActive: boolean | null; mayChangeLicence: boolean; mayManage: boolean; action: string }) {
  const { t } = useTranslation();
  const licenceState: [string, string] = [t("grants.export.licenceActive"), t("grants.export.licenceInactive")];
  return (
    <Stack gap="sm" component="section" aria-labelledby="export-title">
      <Title order={2} size="h3" id="export-title">
        {t("grants.export.title")}
      </Title>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t("grants.export.wordExport")}
        </Text>
        {mayManage ? (
        <GrantToggle
          action={action}
          on={user.wordExport}
          turnOn={{ intent: "set-word-export", fields: { active: "1" } }}
          turnOff={{ intent: "set-word-export", fields: { active: "0" } }}
          state={[t("grants.export.allowed"), t("grants.export.denied")]}
          button={[t("grants.export.allow"), t("grants.export.deny")]}
          testId="word-export"
        />
        ) : (
          <Text size="sm" data-testid="word-export-state">
            {user.wordExport ? t("grants.export.allowed") : t("grants.export.denied")}
          </Text>
        )}
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t("grants.export.licence")}
        </Text>
        {/* The licence is the organisation's, switched in the settings (issue 32 §2): here only its state. */}
        <Text size="sm" data-testid="export-licence-state">
          {exportActive === null ? t("grants.export.licenceUnknown") : exportActive ? licenceState[0] : licenceState[1]}
        </Text>
        {mayChangeLicence ? (
          <Anchor href="/settings/export-licence" size="sm" data-testid="export-licence-settings">
            {t("grants.export.changeInSettings")}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {t("grants.export.licenceReadOnly")}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
