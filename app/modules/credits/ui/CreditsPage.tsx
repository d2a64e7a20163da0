import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { CreditStats, MonthUsage } from "../credits";
import type { creditsLoader } from "../credits-page.server";
import classes from "./credits.module.css";
import { useNumber } from "./format";
import { PendingOrder, ProcessedOrders } from "./Orders";
import { UsageChart } from "./UsageChart";

type Data = Awaited<ReturnType<typeof creditsLoader>>;

function Figure({ label, value, testId, children }: { label: string; value: string; testId: string; children?: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Text className={classes.figure} data-testid={`${testId}-value`}>
          {value}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

/** Spec 02 §2 "Credit usage: monthly limit, monthly credits, bought credits", and what is switched on. */
export function CreditFigures({ stats }: { stats: CreditStats }) {
  const { t } = useTranslation();
  const format = useNumber();
  const { token_configuration: config, usage, bought_tokens: bought } = stats;
  const unlimited = config.current_mode === "unlimitedUse";
  return (
    <Stack gap="sm">
      {!config.is_active ? (
        <Alert color="gray" data-testid="credits-inactive">
          {t("credits.inactive")}
        </Alert>
      ) : unlimited ? (
        <Alert color="blue" data-testid="credits-unlimited">
          {t("credits.unlimited")}
        </Alert>
      ) : !stats.available ? (
        <Alert color="red" data-testid="credits-exhausted">
          {t("credits.exhausted")}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Figure label={t("credits.stats.monthlyLimit")} value={unlimited ? t("credits.stats.unlimited") : format(usage.monthly_contingent)} testId="monthly-limit" />
        <Figure label={t("credits.stats.monthlyCredits")} value={`${format(usage.remaining_monthly_contingent)} ${t("credits.stats.remaining")}`} testId="monthly-credits">
          <Text size="sm">{t("credits.stats.usedThisMonth", { used: format(usage.used_this_month) })}</Text>
        </Figure>
        <Figure label={t("credits.stats.boughtCredits")} value={`${format(bought.remaining)} ${t("credits.stats.remaining")}`} testId="bought-credits">
          <Text size="sm">{t("credits.stats.boughtTotal", { total: format(bought.total) })}</Text>
        </Figure>
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t("credits.stats.totalUsed", { total: format(usage.total_used_tokens) })}
        {stats.reserved ? ` · ${t("credits.stats.reserved", { reserved: format(stats.reserved) })}` : ""}
      </Text>
    </Stack>
  );
}

export function UsageSection({ months }: { months: MonthUsage[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="section" aria-labelledby="usage-title">
      <Title order={2} size="h3" id="usage-title">
        {t("credits.chart.title")}
      </Title>
      <UsageChart months={months} />
    </Stack>
  );
}

/** /credits — what is left, what was used per month, and the orders (keyuser and above). */
export function CreditsPanel({ data }: { data: Data }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={1024} data-testid="credits-page">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Title order={1}>{t("credits.title")}</Title>
        <Group gap="sm" wrap="wrap">
          {data.canManage ? (
            <Button component={Link} to="/admin/credits" variant="default" data-testid="manage-credits">
              {t("credits.admin.title")}
            </Button>
          ) : null}
          {data.canOrder ? (
            <Button component={Link} to="/credits/products" data-testid="order-credits">
              {t("credits.orders.orderCredits")}
            </Button>
          ) : null}
        </Group>
      </Group>
      <Text size="sm">{t("credits.intro")}</Text>
      <Stack gap="sm" component="section" aria-labelledby="overview-title">
        <Title order={2} size="h3" id="overview-title">
          {t("credits.stats.title")}
        </Title>
        {data.stats ? (
          <CreditFigures stats={data.stats.summary} />
        ) : (
          <Alert color="red" role="alert" data-testid="stats-error">
            {t(data.statsError ?? "credits.errors.fetchStats")}
          </Alert>
        )}
      </Stack>
      {data.stats ? <UsageSection months={data.stats.months} /> : null}
      <Stack gap="md" component="section" aria-labelledby="orders-title">
        <Title order={2} size="h3" id="orders-title">
          {t("credits.orders.title")}
        </Title>
        <PendingOrder order={data.pending} error={data.pendingError} />
        <ProcessedOrders orders={data.processed} error={data.processedError} />
      </Stack>
    </Stack>
  );
}
