import { Alert, Box, Button, Checkbox, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { FormAlert } from "~/ui/FormAlert";
import { useEntryForm } from "~/ui/entry-form";
import { fieldError, useSchemaForm, type FormReply } from "~/ui/form/use-schema-form";
import type { ExportLicenceSchema } from "../export-licence-schema";

export interface ExportLicenceData {
  active: boolean;
  /** Accounts whose own Word-export flag is on. */
  exporters: number;
  mayChange: boolean;
}

/**
 * /settings/export-licence — the organisation's Word-export licence (issue 32 §2): its state, whom
 * it affects, and for who may change it a switch that only acts with the confirmation ticked.
 * Takes its data only through `data`: the settings dialog renders it from a fetcher.
 */
export function ExportLicencePanel({ data }: { data: ExportLicenceData }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw="40rem" data-testid="export-licence-panel">
      <Title order={2}>{t("wordexport.licence.title")}</Title>
      <Text size="sm">{t("wordexport.licence.intro")}</Text>
      <Alert color={data.active ? "green" : "gray"} data-testid="export-licence-state" data-active={String(data.active)}>
        {data.active ? t("wordexport.licence.active", { count: data.exporters }) : t("wordexport.licence.inactive")}
      </Alert>
      {data.mayChange ? <LicenceSwitch active={data.active} exporters={data.exporters} /> : <Text size="sm" c="dimmed">{t("wordexport.licence.readOnly")}</Text>}
    </Stack>
  );
}

function LicenceSwitch({ active, exporters }: { active: boolean; exporters: number }) {
  const { t } = useTranslation();
  const { Form, action, result, busy } = useEntryForm<FormReply>("/settings/export-licence");
  const [form, fields] = useSchemaForm<typeof ExportLicenceSchema>(result, { id: "export-licence" });
  return (
    <Box component="section" aria-labelledby="export-licence-switch">
      <Title order={3} size="h4" id="export-licence-switch" mb="xs">
        {active ? t("wordexport.licence.deactivate") : t("wordexport.licence.activate")}
      </Title>
      <Form method="post" action={action} id={form.id} onSubmit={form.onSubmit} noValidate>
        <Stack gap="sm">
          <FormAlert error={form.errors?.[0]} />
          <input type="hidden" name={fields.active.name} value={active ? "0" : "1"} />
          <Checkbox
            name={fields.confirm.name}
            value="on"
            label={active ? t("wordexport.licence.confirmOff", { count: exporters }) : t("wordexport.licence.confirmOn", { count: exporters })}
            error={fieldError(t, fields.confirm.errors)}
            data-testid="export-licence-confirm"
          />
          <div>
            <Button type="submit" color={active ? "red" : undefined} loading={busy} data-testid="export-licence-submit">
              {active ? t("wordexport.licence.deactivate") : t("wordexport.licence.activate")}
            </Button>
          </div>
        </Stack>
      </Form>
    </Box>
  );
}
