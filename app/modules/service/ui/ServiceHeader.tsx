import {
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { catalogueTitle } from "~/modules/catalogue/catalogue-title";
import { StatusBadge } from "../../catalogue/ui/browser/StatusBadge";
import { serviceExportHref } from "~/modules/wordexport/export";
import { WordExportLink } from "~/modules/wordexport/ui/WordExportButton";
import { useServiceHrefs } from "./service-hrefs";

export interface ServiceHeaderData {
  id: number;
  name: string;
  status: string;
  statuspercent: number;
  servicetype: string;
  service_catalogue_id: number | null;
  catalogue_title: string | null;
  catalogue_frame_title: string | null;
  area_id: number | null;
  area_name: string | null;
  category_id: number | null;
  category_name: string | null;
}

/** Breadcrumb catalogue › area › category › service, title, status, actions (the Word export when permitted) and the tabs. */
export function ServiceHeader({
  service,
  tab,
  canStructure,
  canExport = false,
  contentLanguage = null,
  nameLanguage,
}: {
  service: ServiceHeaderData;
  /** A further content language shown (issue 37): the Word export is written in it too. */
  contentLanguage?: string | null;
  /** The language the name is shown in, when it may differ from the interface's (issue 37). */
  nameLanguage?: string;
  tab: "content" | "history";
  canStructure: boolean;
  canExport?: boolean;
}) {
  const { t } = useTranslation();
  const catalogue =
    service.service_catalogue_id !== null
      ? catalogueTitle(t, {
          id: service.service_catalogue_id,
          title: service.catalogue_title,
          frameTitle: service.catalogue_frame_title,
        })
      : t("catalogue.defaultLabel");
  const hrefs = useServiceHrefs();
  const base = hrefs.service(service.id);
  return (
    <Stack gap="xs">
      <Breadcrumbs aria-label={t("service.breadcrumb")} separator="›">
        <Anchor component={Link} to={hrefs.catalogue} size="sm">
          {catalogue}
        </Anchor>
        {service.area_id ? (
          <Anchor component={Link} to={hrefs.area(service.area_id)} size="sm">
            {service.area_name}
          </Anchor>
        ) : null}
        {service.category_id ? (
          <Anchor
            component={Link}
            to={hrefs.category(service.category_id)}
            size="sm"
          >
            {service.category_name}
          </Anchor>
        ) : null}
        <Text size="sm" aria-current="page" lang={nameLanguage}>
          {service.name}
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} data-testid="service-name" lang={nameLanguage}>
            {service.name}
          </Title>
          <Group gap="xs">
            <StatusBadge
              status={service.status}
              percent={service.statuspercent}
            />
            <Text size="sm" c="dimmed">
              {t(`catalogue.type.${service.servicetype}`)}
            </Text>
          </Group>
        </Stack>
        {canStructure || canExport ? (
          <Group gap="xs">
            {canExport ? (
              <WordExportLink
                href={contentLanguage ? `${serviceExportHref(service.id)}?lang=${contentLanguage}` : serviceExportHref(service.id)}
                label={t("wordexport.export")}
                testId="word-export"
              />
            ) : null}
            {canStructure ? (
              <>
                <Button
                  component={Link}
                  to={`${base}/duplicate`}
                  variant="default"
                  size="sm"
                >
                  {t("service.actions.duplicate")}
                </Button>
                <Button
                  component={Link}
                  to={`${base}/derivative`}
                  variant="default"
                  size="sm"
                >
                  {t("service.actions.derivative")}
                </Button>
                <Button
                  component={Link}
                  to={`${base}/delete`}
                  color="red"
                  variant="light"
                  size="sm"
                  data-testid="delete-service"
                >
                  {t("service.actions.delete")}
                </Button>
              </>
            ) : null}
          </Group>
        ) : null}
      </Group>
      {hrefs.history ? (
        <Group gap="xs" role="tablist" aria-label={t("service.tabs.content")}>
          <Button
            component={Link}
            to={base}
            variant={tab === "content" ? "filled" : "default"}
            size="xs"
            role="tab"
            aria-selected={tab === "content"}
          >
            {t("service.tabs.content")}
          </Button>
          <Button
            component={Link}
            to={`${base}?tab=history`}
            variant={tab === "history" ? "filled" : "default"}
            size="xs"
            role="tab"
            aria-selected={tab === "history"}
            data-testid="tab-history"
          >
            {t("service.tabs.history")}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
