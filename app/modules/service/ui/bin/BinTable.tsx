import { Button, Table, Text } from "@mantine/core";
import { Form, useLocation, useNavigation } from "@remix-run/react";
import { IconRestore } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { catalogueTitle } from "~/modules/catalogue/catalogue-title";
import { formatDateTime } from "~/lib/dates";
import type { TrashedService } from "~/modules/service/service-lifecycle.server";
import { TableBox } from "~/ui/TableBox";

/** The bin's rows; each Restore button is its own form, so it works without JS. */
export function BinTable({ items }: { items: TrashedService[] }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const busyId = navigation.state !== "idle" ? navigation.formData?.get("id") : null;
  return (
    <TableBox minWidth={720}>
      <Table striped highlightOnHover aria-label={t("lifecycle.bin.tableLabel")} data-testid="bin-table" data-row-actions>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("lifecycle.bin.name")}</Table.Th>
            <Table.Th scope="col">{t("lifecycle.bin.catalogue")}</Table.Th>
            <Table.Th scope="col">{t("lifecycle.bin.category")}</Table.Th>
            <Table.Th scope="col">{t("lifecycle.bin.deletedAt")}</Table.Th>
            <Table.Th scope="col">{t("lifecycle.bin.deletedBy")}</Table.Th>
            <Table.Th scope="col">
              <span className="visually-hidden">{t("lifecycle.bin.actions")}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id} data-testid={`bin-row-${item.id}`}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {item.name}
                </Text>
                {item.parent ? (
                  <Text size="xs" c="dimmed">
                    {t("lifecycle.bin.derivativeOf", { name: item.parent.name })}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{item.catalogue ? catalogueTitle(t, item.catalogue) : t("lifecycle.noCatalogue")}</Table.Td>
              <Table.Td>
                {item.category ? (
                  item.category.name
                ) : (
                  <Text span size="sm" c="dimmed" fs="italic">
                    {t("lifecycle.bin.categoryGone")}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{formatDateTime(item.deleted_at, i18n.language)}</Table.Td>
              <Table.Td>{item.deleted_by ?? t("lifecycle.bin.unknownUser")}</Table.Td>
              <Table.Td>
                <Form method="post" action={`/bin${location.search}`}>
                  <input type="hidden" name="id" value={item.id} />
                  <Button
                    type="submit"
                    size="xs"
                    variant="light"
                    leftSection={<IconRestore size={14} aria-hidden />}
                    aria-label={t("lifecycle.bin.restoreLabel", { name: item.name })}
                    loading={busyId === String(item.id)}
                  >
                    {t("lifecycle.bin.restore")}
                  </Button>
                </Form>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableBox>
  );
}
