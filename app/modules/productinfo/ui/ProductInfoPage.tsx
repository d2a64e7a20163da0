import { Anchor, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { productInfoLoader } from "../productinfo-page.server";
import { TableBox } from "~/ui/TableBox";

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** /dashboard/info — version, database and the licences of the production dependencies. */
export function ProductInfoPage() {
  const { version, node, database, licences } = useLoaderData<typeof productInfoLoader>();
  const { t } = useTranslation();
  const dbName = t(`productinfo.database.${database.kind}`);
  return (
    <Stack gap="lg" maw={1000}>
      <div>
        <Title order={1}>{t("productinfo.title")}</Title>
        <Text size="sm" c="dimmed" mt={4}>
          {t("productinfo.intro")}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Fact label={t("productinfo.version")} value={version} testId="product-version" />
        <Fact label={t("productinfo.databaseLabel")} value={database.version ? `${dbName} ${database.version}` : dbName} testId="product-database" />
        <Fact label={t("productinfo.runtime")} value={`Node.js ${node}`} testId="product-runtime" />
      </SimpleGrid>
      <Stack gap="xs" component="section" aria-labelledby="licences-title">
        <Title order={2} size="h3" id="licences-title">
          {t("productinfo.licences")}
        </Title>
        <Text size="sm">{t("productinfo.licencesIntro", { count: licences.length })}</Text>
        <TableBox minWidth={360}>
          <Table striped aria-labelledby="licences-title" data-testid="licences">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("productinfo.package")}</Table.Th>
                <Table.Th scope="col">{t("productinfo.packageVersion")}</Table.Th>
                <Table.Th scope="col">{t("productinfo.licence")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {licences.map((row) => (
                <Table.Tr key={row.name} data-testid="licence-row">
                  {/* Package names and licence identifiers are names, the same in every language. */}
                  <Table.Td style={{ overflowWrap: "anywhere" }} translate="no">
                    {row.name}
                  </Table.Td>
                  <Table.Td>{row.version}</Table.Td>
                  {row.licence ? <Table.Td translate="no">{row.licence}</Table.Td> : <Table.Td>{t("productinfo.noLicence")}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableBox>
      </Stack>
      <Anchor component={Link} to="/documentation" size="sm">
        {t("documentation.title")}
      </Anchor>
    </Stack>
  );
}
