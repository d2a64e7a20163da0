import { Badge, Button, Card, Group, Stack, Table, TextInput, Title } from "@mantine/core";
import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { translateError } from "~/ui/forms";
import type { CataloguesData } from "../../catalogues-page.server";
import { catalogueTitle } from "../../catalogue-title";

/** /servicecatalog/catalogues — every catalogue with its counts; pick the current one; admins create one. */
export function CataloguesPage({ catalogues, current, canCreate }: CataloguesData) {
  const actionData = useActionData<{ errors?: Record<string, string> }>();
  const { t } = useTranslation();
  return (
    <Stack maw={900}>
      <Title order={1}>{t("catalogue.managerTitle")}</Title>
      <Table withTableBorder data-testid="catalogues">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("catalogue.title")}</Table.Th>
            <Table.Th>{t("catalogue.servicesPanel")}</Table.Th>
            <Table.Th>{t("catalogue.areasPanel")}</Table.Th>
            <Table.Th>{t("catalogue.categoriesPanel")}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {catalogues.map((c) => (
            <Table.Tr key={c.id} data-testid="catalogue-row">
              <Table.Td>{catalogueTitle(t, c)}</Table.Td>
              <Table.Td>{c.services}</Table.Td>
              <Table.Td>{c.areas}</Table.Td>
              <Table.Td>{c.categories}</Table.Td>
              <Table.Td>
                {c.id === current ? (
                  <Badge color="green.9" variant="filled">
                    {t("catalogue.current")}
                  </Badge>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="catalogue" />
                    <input type="hidden" name="catalogue" value={c.id} />
                    <Button type="submit" size="xs" variant="default">
                      {t("catalogue.makeCurrent")}
                    </Button>
                  </Form>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {canCreate ? (
        <Card withBorder maw={520}>
          <Title order={2} size="h4" mb="sm">
            {t("catalogue.newCatalogue")}
          </Title>
          <Form method="post">
            <input type="hidden" name="intent" value="createCatalogue" />
            <Group align="flex-end">
              <TextInput name="title" label={t("catalogue.title")} required error={translateError(t, actionData?.errors?.title)} style={{ flex: 1 }} />
              <Button type="submit">{t("catalogue.create")}</Button>
            </Group>
          </Form>
        </Card>
      ) : null}
    </Stack>
  );
}
