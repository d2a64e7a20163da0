import { useTranslation } from "react-i18next";
import { BarChart } from "~/ui/BarChart";
import type { MonthUsage } from "../credits";
import { useNumber } from "./format";

/** Usage per month as a server-drawn bar chart (the shared BarChart), the numbers in a table beside it. */
export function UsageChart({ months }: { months: MonthUsage[] }) {
  const { t } = useTranslation();
  const format = useNumber();
  const label = (m: MonthUsage) => `${t(`credits.months.m${m.month}`)} ${String(m.year).slice(2)}`;
  return (
    <BarChart
      title={t("credits.chart.label")}
      caption={t("credits.chart.tableCaption")}
      labelHeader={t("credits.chart.month")}
      valueHeader={t("credits.chart.used")}
      bars={months.map((m) => ({ key: m.key, label: label(m), value: m.tokens }))}
      format={format}
      layout="columns"
      testId="usage-chart"
      tableTestId="usage-table"
    />
  );
}
