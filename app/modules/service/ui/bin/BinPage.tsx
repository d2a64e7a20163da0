import { Stack, Text, Title } from "@mantine/core";
import { EmptyState } from "~/ui/EmptyState";
import { Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "~/ui/FormAlert";
import { PageLinks } from "~/ui/PageLinks";
import type { binLoader } from "../../bin-page.server";
import { BinTable } from "./BinTable";

/** /bin — trashed services, each with a restore action; restore dialogs nest here. */
export function BinPage() {
  const { items, total, page, pageCount, loadError } = useLoaderData<typeof binLoader>();
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={1200}>
      <Title order={1}>{t("lifecycle.bin.title")}</Title>
      <Text size="sm" c="dimmed">
        {t("lifecycle.bin.intro")}
      </Text>
      <FormAlert error={loadError} />
      {!loadError && items.length === 0 ? (
        <EmptyState
          message={t("lifecycle.bin.empty")}
          hint={t("lifecycle.bin.emptyHint")}
          action={{ label: t("lifecycle.bin.toCatalogue"), to: "/servicecatalog" }}
          testId="bin-empty"
        />
      ) : null}
      {items.length ? <BinTable items={items} /> : null}
      {items.length ? <PageLinks page={page} pageCount={pageCount} total={total} /> : null}
      <Outlet />
    </Stack>
  );
}
