import { Group, Table, Text } from "@mantine/core";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { MonthUsage } from "../credits";
import { useNumber } from "./format";

const WIDTH = 600;
const HEIGHT = 240;
const PAD = { top: 16, right: 8, bottom: 28, left: 8 };

/** A round scale top: 1, 2 or 5 times a power of ten, at least the largest value. */
function scaleTop(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((f) => f * power).find((v) => v >= max) ?? max;
}

/**
 * Usage per month as a bar chart drawn on the server (STACK.md: an SVG of our own; no JS needed),
 * with the same numbers as a table beside it for screen readers and exact reading.
 */
export function UsageChart({ months }: { months: MonthUsage[] }) {
  const { t } = useTranslation();
  const format = useNumber();
  const titleId = useId();
  const top = scaleTop(Math.max(0, ...months.map((m) => m.tokens)));
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, months.length);
  const label = (m: MonthUsage) => `${t(`credits.months.m${m.month}`)} ${String(m.year).slice(2)}`;
  return (
    <Group align="flex-start" gap="lg" wrap="wrap" data-testid="usage-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        style={{ flex: "1 1 320px", minWidth: 0, maxWidth: WIDTH, height: "auto" }}
        data-testid="usage-chart-svg"
      >
        <title id={titleId}>{t("credits.chart.label")}</title>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + innerH} y2={PAD.top + innerH} stroke="currentColor" strokeOpacity={0.4} />
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top} y2={PAD.top} stroke="currentColor" strokeOpacity={0.15} strokeDasharray="4 4" />
        <text x={WIDTH - PAD.right} y={PAD.top - 4} textAnchor="end" fontSize={11} fill="currentColor">
          {format(top)}
        </text>
        {months.map((m, i) => {
          const h = (m.tokens / top) * innerH;
          const x = PAD.left + i * slot + slot * 0.15;
          return (
            <g key={m.key} data-month={m.key} data-tokens={m.tokens}>
              <rect x={x} y={PAD.top + innerH - h} width={slot * 0.7} height={h} rx={2} fill="var(--mantine-color-blue-7)" />
              <text x={PAD.left + i * slot + slot / 2} y={HEIGHT - 10} textAnchor="middle" fontSize={11} fill="currentColor">
                {label(m)}
              </text>
            </g>
          );
        })}
      </svg>
      <Table withTableBorder striped style={{ flex: "0 1 240px", minWidth: 0 }} data-testid="usage-table">
        <caption style={{ captionSide: "top", textAlign: "start" }}>
          <Text size="sm" fw={600} span>
            {t("credits.chart.tableCaption")}
          </Text>
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("credits.chart.month")}</Table.Th>
            <Table.Th scope="col" style={{ textAlign: "end" }}>
              {t("credits.chart.used")}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {months.map((m) => (
            <Table.Tr key={m.key}>
              <Table.Th scope="row" fw={400}>
                {label(m)}
              </Table.Th>
              <Table.Td style={{ textAlign: "end" }}>{format(m.tokens)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Group>
  );
}
