import { Alert, Anchor, Button, Group, Radio, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AI_GUIDE_PATH, withSettingNames } from "~/modules/ai/ui/AiUnavailable";
import { FormAlert } from "~/ui/FormAlert";
import { answerFor, fieldError, formError, useSchemaForm, type FormAnswer } from "~/ui/form/use-schema-form";
import { MODE_KEYS } from "../credits";
import type { creditsAdminLoader } from "../credits-page.server";
import type { ConfigurationSchema } from "../credits-schema";
import { CreditFigures } from "./CreditsPage";
import { PendingOrder, ProcessedOrders } from "./Orders";

type Data = Awaited<ReturnType<typeof creditsAdminLoader>>;

const ACTION = "/admin/credits";

function ConfigurationForm({ configuration, aiConfigured }: { configuration: Data["configuration"]; aiConfigured: boolean }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const answer = answerFor(useActionData<FormAnswer>(), "configure");
  const [form, fields] = useSchemaForm<typeof ConfigurationSchema>(answer, {
    id: "credit-configuration",
    defaultValue: { is_active: String(configuration.is_active), current_mode: configuration.current_mode, monthly_contingent: String(configuration.monthly_contingent) },
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "configure";
  const initial = (value: unknown, fallback: string) => (value == null ? fallback : String(value));
  return (
    <Stack gap="sm" component="section" aria-labelledby="configuration-title">
      <Title order={2} size="h3" id="configuration-title">
        {t("credits.admin.configTitle")}
      </Title>
      {/* key: after a save the loader's state is what the form shows. */}
      <Form method="post" action={ACTION} id={form.id} onSubmit={form.onSubmit} noValidate key={configuration.updated_at}>
        <input type="hidden" name="intent" value="configure" />
        <input type="hidden" name="updated_at" value={configuration.updated_at} />
        <Stack gap="md" maw={560}>
          <FormAlert error={formError(answer)} />
          {aiConfigured ? null : (
            // Enabling has no visible effect until the provider is configured: said before, not found out after.
            <Alert color="yellow" data-testid="credits-ai-not-configured">
              {withSettingNames(t("ai.setup.creditsNote"))}{" "}
              <Anchor component={Link} to={AI_GUIDE_PATH} size="sm">
                {t("ai.setup.guideLink")}
              </Anchor>
            </Alert>
          )}
          <Radio.Group name={fields.is_active.name} label={t("credits.admin.active")} defaultValue={initial(fields.is_active.initialValue, String(configuration.is_active))} error={fieldError(t, fields.is_active.errors)}>
            <Group gap="md" mt={6}>
              <Radio value="true" label={t("credits.admin.activeOn")} data-testid="credits-active" />
              <Radio value="false" label={t("credits.admin.activeOff")} data-testid="credits-inactive-choice" />
            </Group>
          </Radio.Group>
          <Radio.Group name={fields.current_mode.name} label={t("credits.admin.mode")} defaultValue={initial(fields.current_mode.initialValue, configuration.current_mode)} error={fieldError(t, fields.current_mode.errors)}>
            <Stack gap={6} mt={6}>
              {MODE_KEYS.map((mode) => (
                <Radio key={mode} value={mode} label={t(mode === "contingent" ? "credits.admin.modeContingent" : "credits.admin.modeUnlimitedUse")} data-testid={`mode-${mode}`} />
              ))}
            </Stack>
          </Radio.Group>
          <TextInput
            key={fields.monthly_contingent.key}
            name={fields.monthly_contingent.name}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            label={t("credits.admin.contingent")}
            description={t("credits.admin.contingentHint")}
            defaultValue={initial(fields.monthly_contingent.initialValue, String(configuration.monthly_contingent))}
            error={fieldError(t, fields.monthly_contingent.errors)}
            data-testid="monthly-contingent"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy} data-testid="save-configuration">
              {t("credits.admin.save")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Stack>
  );
}

/** Complete (paid) or fail the pending order: one small form per outcome. */
function SettleButtons({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = (status: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === "status" && navigation.formData?.get("status") === status;
  return (
    <Group gap="xs" wrap="wrap">
      {(["completed", "failed"] as const).map((status) => (
        <Form key={status} method="post" action={ACTION}>
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="orderId" value={orderId} />
          <input type="hidden" name="status" value={status} />
          <Button
            type="submit"
            variant={status === "completed" ? "filled" : "default"}
            loading={busy(status)}
            data-testid={status === "completed" ? "complete-order" : "fail-order"}
          >
            {t(status === "completed" ? "credits.admin.complete" : "credits.admin.fail")}
          </Button>
        </Form>
      ))}
    </Group>
  );
}

/** /admin/credits — the configuration, the figures, and settling the pending order (superadmins). */
export function CreditsAdminPage({ data }: { data: Data }) {
  const { t } = useTranslation();
  const statusAnswer = answerFor(useActionData<FormAnswer>(), "status");
  return (
    <Stack gap="lg" maw={1024} data-testid="credits-admin">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Title order={1}>{t("credits.admin.title")}</Title>
        <Button component={Link} to="/credits" variant="default">
          {t("credits.admin.usage")}
        </Button>
      </Group>
      <Text size="sm">{t("credits.admin.intro")}</Text>
      {data.stats ? (
        <CreditFigures stats={data.stats.summary} />
      ) : (
        <Alert color="red" role="alert" data-testid="stats-error">
          {t(data.statsError ?? "credits.errors.fetchStats")}
        </Alert>
      )}
      <ConfigurationForm configuration={data.configuration} aiConfigured={data.aiConfigured} />
      <Stack gap="md" component="section" aria-labelledby="admin-orders-title">
        <Title order={2} size="h3" id="admin-orders-title">
          {t("credits.orders.title")}
        </Title>
        <FormAlert error={formError(statusAnswer)} />
        <PendingOrder order={data.pending} error={data.pendingError}>
          {data.pending ? <SettleButtons orderId={data.pending.id} /> : null}
        </PendingOrder>
        <Text size="sm" c="dimmed">
          {t("credits.admin.billingHint")}
        </Text>
        <ProcessedOrders orders={data.processed} error={data.processedError} />
      </Stack>
    </Stack>
  );
}
