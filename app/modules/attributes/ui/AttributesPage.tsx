import { ActionIcon, Anchor, Badge, Button, Group, Stack, Table, Text, Title } from "@mantine/core";
import { Form, Link, Outlet, useLoaderData } from "@remix-run/react";
import { IconArrowDown, IconArrowUp, IconPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { AttributeListItem } from "../attributes.server";
import { DEFAULT_HEADLINE } from "../attributes-limits";
import { TableBox } from "~/ui/TableBox";

/** One up/down button: a plain POST form, so reordering works without JS. */
function MoveButton({ item, direction, disabled }: { item: AttributeListItem; direction: "up" | "down"; disabled: boolean }) {
  const { t } = useTranslation();
  const label = t(direction === "up" ? "attributes.moveUp" : "attributes.moveDown", { name: item.designation });
  return (
    <Form method="post" style={{ display: "inline" }}>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={item.id} />
      <input type="hidden" name="direction" value={direction} />
      <ActionIcon type="submit" variant="subtle" color="gray" aria-label={label} title={label} disabled={disabled} data-testid={`move-${direction}`}>
        {direction === "up" ? <IconArrowUp size={16} aria-hidden /> : <IconArrowDown size={16} aria-hidden />}
      </ActionIcon>
    </Form>
  );
}

/** /admin/serviceattributes — every custom service attribute in display order; delete confirmations nest here. */
export function AttributesPage() {
  const { t } = useTranslation();
  const { items } = useLoaderData<{ items: AttributeListItem[] }>();
  return (
    <Stack gap="md" maw={1200}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{t("attributes.title")}</Title>
        <Button component={Link} to="/admin/serviceattributes/new" leftSection={<IconPlus size={16} aria-hidden />} data-testid="new-attribute">
          {t("attributes.new")}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t("attributes.intro")}
      </Text>
      {items.length === 0 ? (
        <Text c="dimmed" data-testid="attributes-none">
          {t("attributes.empty")}
        </Text>
      ) : (
        <TableBox minWidth={760}>
          <Table striped highlightOnHover aria-label={t("attributes.title")} data-testid="attributes-table" data-row-actions>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("attributes.columns.position")}</Table.Th>
                <Table.Th scope="col">{t("attributes.columns.designation")}</Table.Th>
                <Table.Th scope="col">{t("attributes.columns.type")}</Table.Th>
                <Table.Th scope="col">{t("attributes.columns.status")}</Table.Th>
                <Table.Th scope="col">{t("attributes.columns.headline")}</Table.Th>
                <Table.Th scope="col">{t("attributes.columns.slots")}</Table.Th>
                <Table.Th scope="col">{t("attributes.columns.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item, index) => (
                <Table.Tr key={item.id} data-testid="attribute-row" data-attribute-id={item.id}>
                  <Table.Td>{item.position}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/serviceattributes/${item.id}`} fw={500} size="sm">
                      {item.designation}
                    </Anchor>
                  </Table.Td>
                  <Table.Td data-testid="attribute-type">{t(`attributes.types.${item.type}`)}</Table.Td>
                  <Table.Td style={{ minWidth: 96 }}>
                    <Badge variant="light" color={item.active ? "green" : "gray"} c={item.active ? "green.9" : "gray.9"} data-testid="attribute-status">
                      {item.active ? t("attributes.active") : t("attributes.inactive")}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                      {item.headline === DEFAULT_HEADLINE ? t("attributes.noHeadline") : item.headline}
                    </Text>
                  </Table.Td>
                  <Table.Td data-testid="attribute-slots">{item.type === "dropdown" ? item.dropdownCount : t("attributes.noSlots")}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <MoveButton item={item} direction="up" disabled={index === 0} />
                      <MoveButton item={item} direction="down" disabled={index === items.length - 1} />
                      <Anchor component={Link} to={`/admin/serviceattributes/${item.id}`} size="sm" ml="xs" aria-label={t("attributes.editLabel", { name: item.designation })}>
                        {t("attributes.edit")}
                      </Anchor>
                      <Anchor component={Link} to={`/admin/serviceattributes/${item.id}/delete`} size="sm" ml="xs" c="red.8" aria-label={t("attributes.deleteLabel", { name: item.designation })}>
                        {t("attributes.delete")}
                      </Anchor>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableBox>
      )}
      <Outlet />
    </Stack>
  );
}
