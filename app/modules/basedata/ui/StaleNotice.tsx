import { Alert, Anchor, List, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { FieldDef } from "~/modules/basedata/entities";
import { displayValue } from "./RecordFields";

/** Says that someone else saved the record meanwhile and what they changed; nothing was overwritten. */
export function StaleNotice({
  fields,
  current,
  changedFields,
  reloadTo,
}: {
  fields: FieldDef[];
  current: Record<string, unknown>;
  changedFields: string[];
  reloadTo: string;
}) {
  const { t } = useTranslation();
  const changed = fields.filter((f) => changedFields.includes(f.name));
  return (
    <Alert color="orange" role="alert" title={t("basedata.staleTitle")} data-testid="stale-notice">
      <Text size="sm">{t("basedata.stale")}</Text>
      {changed.length ? (
        <List size="sm" mt="xs">
          {changed.map((f) => (
            <List.Item key={f.name}>
              {t(`fields.${f.name}`)}: <strong>{displayValue(f, current[f.name]) || "—"}</strong>
            </List.Item>
          ))}
        </List>
      ) : null}
      <Anchor component={Link} to={reloadTo} reloadDocument size="sm" mt="xs" display="inline-block">
        {t("basedata.reload")}
      </Anchor>
    </Alert>
  );
}
