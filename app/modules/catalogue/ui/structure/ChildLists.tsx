import { Anchor, Badge, Group, Table, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "~/ui/EmptyState";
import { pagePath } from "../../structure-types";

/** The categories of an area, each with its number of services (those in the bin not counted). */
export function CategoryList({ categories, areaId, canCreate }: { categories: { id: number; name: string; service_count: number }[]; areaId: number; canCreate: boolean }) {
  const { t } = useTranslation();
  if (!categories.length)
    return (
      <EmptyState
        message={t("structure.noCategories")}
        hint={t("structure.noCategoriesHint")}
        action={canCreate ? { label: t("structure.createCategory"), to: `/servicecatalog/new?type=category&area=${areaId}` } : null}
        testId="empty-area"
      />
    );
  return (
    <Table withTableBorder striped data-testid="category-list">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("structure.category")}</Table.Th>
          <Table.Th>{t("structure.services")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {categories.map((category) => (
          <Table.Tr key={category.id}>
            <Table.Td>
              <Anchor component={Link} to={pagePath("category", category.id)}>
                {category.name}
              </Anchor>
            </Table.Td>
            <Table.Td data-testid="service-count">{t("structure.serviceCount", { count: category.service_count })}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const STATUS_COLOUR = { open: "gray", checking: "yellow", closed: "green" } as const;

/** The services of a category (not those in the bin), with status and type. */
export function ServiceList({
  services,
  categoryId,
  canCreate,
}: {
  services: { id: number; name: string; status: "open" | "checking" | "closed"; statuspercent: number; servicetype: "customer" | "it" }[];
  categoryId: number;
  canCreate: boolean;
}) {
  const { t } = useTranslation();
  if (!services.length)
    return (
      <EmptyState
        message={t("structure.noServices")}
        hint={t("structure.noServicesHint")}
        action={canCreate ? { label: t("structure.createService"), to: `/servicecatalog/new?type=service&category=${categoryId}` } : null}
        testId="empty-category"
      />
    );
  return (
    <Table withTableBorder striped data-testid="service-list">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("structure.name")}</Table.Th>
          <Table.Th>{t("structure.statusLabel")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {services.map((service) => (
          <Table.Tr key={service.id}>
            <Table.Td>
              <Anchor component={Link} to={`/servicecatalog/service/${service.id}`}>
                {service.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {t(`structure.servicetype.${service.servicetype}`)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Group gap="xs">
                <Badge variant="light" color={STATUS_COLOUR[service.status]}>
                  {t(`structure.status.${service.status}`)}
                </Badge>
                <Text size="sm">{t("structure.percent", { percent: service.statuspercent })}</Text>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
