import { Anchor, Stack, Text } from "@mantine/core";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ENTITIES } from "~/modules/basedata/entities";
import { FormAlert } from "~/ui/FormAlert";
import { RouteDialog } from "~/ui/RouteDialog";
import type { factoryBaseDataPreviewLoader } from "../basedata-page.server";
import classes from "./factory.module.css";

type Data = Awaited<ReturnType<ReturnType<typeof factoryBaseDataPreviewLoader>>>;

const OWN = { provider: "/factory/provider", kpi: "/factory/kpi" } as const;
const LOCAL = { provider: "/basedata/provider", kpi: "/basedata/kpis" } as const;

/** /factory/provider/:id and /factory/kpi/:id — one template record, every field the base-data form knows. */
export function BaseDataPreview() {
  const { kind, record, localId, error } = useLoaderData<Data>();
  const { t } = useTranslation();
  const fields = (kind === "provider" ? ENTITIES.provider : ENTITIES.kpis).fields;
  const values = record as unknown as Record<string, string | null> | null;
  return (
    <RouteDialog title={record ? t(`factory.basedata.${kind}.previewTitle`, { name: record.name }) : t("factory.catalog.preview")} closeTo={OWN[kind]} maxWidth={600}>
      <Stack gap="md" data-testid="factory-basedata-preview">
        <FormAlert error={error} />
        {record && localId ? (
          <Text size="sm">
            <span className={classes.badge}>{t("factory.basedata.exists")}</span>{" "}
            <Anchor component={Link} to={`${LOCAL[kind]}/${localId}`} size="sm">
              {record.name}
            </Anchor>
          </Text>
        ) : null}
        {values ? (
          <dl className={classes.dl}>
            {fields.map((field) => [
              <dt key={`${field.name}-t`}>{t(`fields.${field.name}`)}</dt>,
              <dd key={`${field.name}-d`}>{values[field.name] || t("factory.preview.none")}</dd>,
            ])}
          </dl>
        ) : null}
        <Anchor component={Link} to={OWN[kind]} size="sm" preventScrollReset>
          {t("factory.basedata.back")}
        </Anchor>
      </Stack>
    </RouteDialog>
  );
}
