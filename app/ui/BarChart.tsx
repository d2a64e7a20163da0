import { useId, type ReactNode } from "react";
import classes from "./BarChart.module.css";

/** One bar: its label, its value and, when the value stands for a set of records, where they are listed. */
export interface Bar {
  key: string;
  label: string;
  value: number;
  href?: string;
  /** Drawn in the warning colour (e.g. "without owner"). */
  warn?: boolean;
}

const WIDTH = 600;
const COLUMN_HEIGHT = 240;
const PAD = { top: 16, right: 8, bottom: 28, left: 8 };
const ROW_HEIGHT = 40;
const LABEL_CHARS = 60;

/** A round scale top: 1, 2 or 5 times a power of ten, at least the largest value. */
export function scaleTop(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((f) => f * power).find((v) => v >= max) ?? max;
}

function shorten(label: string): string {
  return label.length > LABEL_CHARS ? `${label.slice(0, LABEL_CHARS - 1)}…` : label;
}

interface Props {
  /** The chart's accessible name (the SVG's title). */
  title: string;
  /** The table's caption. */
  caption: string;
  /** Headers of the table's two columns. */
  labelHeader: string;
  valueHeader: string;
  bars: Bar[];
  format: (value: number) => string;
  /** "columns": vertical bars with short labels below (months); "rows": one bar per line under its label (names). */
  layout?: "columns" | "rows";
  testId: string;
  tableTestId?: string;
  /** Under the table (e.g. a CSV download link). */
  footer?: ReactNode;
}

/**
 * A bar chart drawn on the server (STACK.md: an SVG of our own; no JS, nothing to load), with the
 * same numbers in a table beside it for screen readers and exact reading. Where a value stands for
 * a set of records, its figure in the table links to them (links inside the `role="img"` SVG
 * would be hidden from assistive technology). Used by the credits' usage per month and by the
 * reports.
 */
export function BarChart({ title, caption, labelHeader, valueHeader, bars, format, layout = "columns", testId, tableTestId, footer }: Props) {
  const titleId = useId();
  const top = scaleTop(Math.max(0, ...bars.map((b) => b.value)));
  const Draw = layout === "columns" ? Columns : Rows;
  return (
    <div className={classes.chart} data-testid={testId}>
      <div className={classes.figure}>
        <Draw bars={bars} top={top} titleId={titleId} title={title} format={format} testId={testId} />
      </div>
      <div className={classes.tableBox}>
        <table className={classes.table} data-testid={tableTestId ?? `${testId}-table`}>
          <caption className={classes.caption}>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              <th scope="col" className={classes.number}>
                {valueHeader}
              </th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => {
              const value = format(bar.value);
              return (
                <tr key={bar.key} data-key={bar.key}>
                  <th scope="row">{bar.label}</th>
                  <td className={classes.number}>
                    {bar.href ? (
                      <a href={bar.href} aria-label={`${bar.label}: ${value}`}>
                        {value}
                      </a>
                    ) : (
                      value
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {footer}
      </div>
    </div>
  );
}

interface DrawProps {
  bars: Bar[];
  top: number;
  titleId: string;
  title: string;
  format: (value: number) => string;
  testId: string;
}

function Columns({ bars, top, titleId, title, format, testId }: DrawProps) {
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = COLUMN_HEIGHT - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, bars.length);
  return (
    <svg viewBox={`0 0 ${WIDTH} ${COLUMN_HEIGHT}`} role="img" aria-labelledby={titleId} className={classes.svg} data-testid={`${testId}-svg`}>
      <title id={titleId}>{title}</title>
      <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + innerH} y2={PAD.top + innerH} stroke="currentColor" strokeOpacity={0.4} />
      <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top} y2={PAD.top} stroke="currentColor" strokeOpacity={0.15} strokeDasharray="4 4" />
      <text x={WIDTH - PAD.right} y={PAD.top - 4} textAnchor="end" fontSize={11} fill="currentColor">
        {format(top)}
      </text>
      {bars.map((bar, i) => {
        const h = (bar.value / top) * innerH;
        return (
          <g key={bar.key} data-key={bar.key} data-value={bar.value}>
            <rect x={PAD.left + i * slot + slot * 0.15} y={PAD.top + innerH - h} width={slot * 0.7} height={h} rx={2} className={bar.warn ? classes.warn : classes.bar} />
            <text x={PAD.left + i * slot + slot / 2} y={COLUMN_HEIGHT - 10} textAnchor="middle" fontSize={11} fill="currentColor">
              {bar.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function Rows({ bars, top, titleId, title, format, testId }: DrawProps) {
  const height = Math.max(1, bars.length) * ROW_HEIGHT + 8;
  const valueRoom = 72;
  const innerW = WIDTH - PAD.left - PAD.right - valueRoom;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby={titleId} className={classes.svg} data-testid={`${testId}-svg`}>
      <title id={titleId}>{title}</title>
      {bars.map((bar, i) => {
        const y = 4 + i * ROW_HEIGHT;
        const w = Math.max(bar.value > 0 ? 2 : 0, (bar.value / top) * innerW);
        return (
          <g key={bar.key} data-key={bar.key} data-value={bar.value}>
            <text x={PAD.left} y={y + 13} fontSize={13} fill="currentColor">
              {shorten(bar.label)}
            </text>
            <rect x={PAD.left} y={y + 18} width={w} height={16} rx={2} className={bar.warn ? classes.warn : classes.bar} />
            <text x={PAD.left + w + 6} y={y + 31} fontSize={13} fill="currentColor">
              {format(bar.value)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
