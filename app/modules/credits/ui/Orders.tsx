import { Alert, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime } from "~/lib/dates";
import type { TokenOrderStatus } from "~/server/db/schema";
import { STATUS_LABEL_KEYS, type OrderView } from "../credits";
import classes from "./credits.module.css";
import { useNumber } from "./format";
import { TableBox } from "~/ui/TableBox";

/** Spec 02 §4: the status as the UI shows it (pending as "awaiting payment"); dark text on a light tint passes axe's contrast check. */
export function OrderStatus({ status }: { status: TokenOrderStatus }) {
  const { t } = useTranslation();
  return (
    <span className={classes.status} data-testid="order-status" data-status={status}>
      {t(STATUS_LABEL_KEYS[status])}
    </span>
  );
}

function packageName(t: (key: string) => string, order: OrderView) {
  return order.package ? t(`credits.packages.${order.package}`) : t("credits.orders.freeAmount");
}

/** The pending order: amount, package, order date, who ordered; `actions` are the forms beside it. */
export function PendingOrder({ order, error, children }: { order: OrderView | null; error: string | null; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const format = useNumber();
  return (
    <Stack gap="xs" component="section" aria-labelledby="pending-order-title">
      <Title order={3} size="h4" id="pending-order-title">
        {t("credits.orders.pendingTitle")}
      </Title>
      {error ? (
        <Alert color="red" role="alert" data-testid="pending-error">
          {t(error)}
        </Alert>
      ) : order ? (
        <Paper withBorder p="sm" data-testid="pending-order" data-order={order.id}>
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs" wrap="wrap">
                <Text fw={600} data-testid="pending-amount">
                  {t("credits.products.credits", { amount: format(order.value) })}
                </Text>
                <OrderStatus status={order.status} />
              </Group>
              <Text size="sm">
                {t("credits.orders.package")}: {packageName(t, order)} · {t("credits.orders.orderedAt")}: {formatDateTime(order.ordered_at, i18n.language)}
              </Text>
              {order.user_name ? (
                <Text size="sm">
                  {t("credits.orders.orderedBy")}: {order.user_name}
                </Text>
              ) : null}
            </Stack>
            {children}
          </Group>
        </Paper>
      ) : (
        <Text size="sm" c="dimmed" data-testid="no-pending-order">
          {t("credits.orders.noPending")}
        </Text>
      )}
    </Stack>
  );
}

/** Completed, failed and cancelled orders: amount, status, order date (spec 02 §2), and until when bought credits count. */
export function ProcessedOrders({ orders, error }: { orders: OrderView[]; error: string | null }) {
  const { t, i18n } = useTranslation();
  const format = useNumber();
  return (
    <Stack gap="xs" component="section" aria-labelledby="processed-orders-title">
      <Title order={3} size="h4" id="processed-orders-title">
        {t("credits.orders.processedTitle")}
      </Title>
      {error ? (
        <Alert color="red" role="alert" data-testid="processed-error">
          {t(error)}
        </Alert>
      ) : orders.length ? (
        <TableBox minWidth={560}>
          <Table striped withTableBorder data-testid="processed-orders">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("credits.orders.amount")}</Table.Th>
                <Table.Th scope="col">{t("credits.orders.package")}</Table.Th>
                <Table.Th scope="col">{t("credits.orders.status")}</Table.Th>
                <Table.Th scope="col">{t("credits.orders.orderedAt")}</Table.Th>
                <Table.Th scope="col">{t("credits.orders.validUntil")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.map((order) => (
                <Table.Tr key={order.id} data-testid="processed-order" data-order={order.id}>
                  <Table.Td>{format(order.value)}</Table.Td>
                  <Table.Td>{packageName(t, order)}</Table.Td>
                  <Table.Td>
                    <OrderStatus status={order.status} />
                  </Table.Td>
                  <Table.Td>{formatDateTime(order.ordered_at, i18n.language)}</Table.Td>
                  <Table.Td>{order.expires_at ? formatDate(order.expires_at, i18n.language) : ""}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableBox>
      ) : (
        <Text size="sm" c="dimmed" data-testid="no-processed-orders">
          {t("credits.orders.noProcessed")}
        </Text>
      )}
    </Stack>
  );
}
