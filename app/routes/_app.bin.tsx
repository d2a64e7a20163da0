import { Alert, Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireAdmin } from "~/modules/access/session.server";
import { BinTable } from "~/modules/service/ui/bin/BinTable";
import { binPath, binRestoreAction } from "~/modules/service/lifecycle-page.server";
import { FormAlert } from "~/ui/FormAlert";
import { PageLinks } from "~/ui/PageLinks";
import { getDb } from "~/server/db/db.server";
import { listTrashed, type TrashedService } from "~/modules/service/service-lifecycle.server";

/** /bin — trashed services with a restore action (spec 02 §2); admin guard. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const page = Number(new URL(request.url).searchParams.get("page") ?? 1);
  try {
    const list = await listTrashed(getDb(), { page: Number.isSafeInteger(page) && page > 0 ? page : 1 });
    return { ...list, loadError: null };
  } catch (error) {
    console.error(error);
    return { items: [] as TrashedService[], total: 0, page: 1, pageCount: 1, loadError: "lifecycle.bin.loadFailed" };
  }
}

export const action = ({ request }: ActionFunctionArgs) => binRestoreAction(request, binPath(request));

export const meta: MetaFunction = () => [{ title: "ServiceHub" }];

export default function BinPage() {
  const { items, total, page, pageCount, loadError } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={1200}>
      <Title order={1}>{t("lifecycle.bin.title")}</Title>
      <Text size="sm" c="dimmed">
        {t("lifecycle.bin.intro")}
      </Text>
      <FormAlert error={loadError} />
      {!loadError && items.length === 0 ? (
        <Alert color="gray" data-testid="bin-empty">
          {t("lifecycle.bin.empty")}
        </Alert>
      ) : null}
      {items.length ? <BinTable items={items} /> : null}
      {items.length ? <PageLinks page={page} pageCount={pageCount} total={total} /> : null}
      <Outlet />
    </Stack>
  );
}
