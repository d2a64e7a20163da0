import type { ReactNode } from "react";
import dataTable from "./DataTable.module.css";

/**
 * The box a list table scrolls sideways in (DataTable.module.css: the scroll cue on a phone), with
 * the width below which the table scrolls instead of squeezing its columns. In place of Mantine's
 * Table.ScrollContainer, which brought its ScrollArea (4.6 KB of script) to every page with a
 * table although the box scrolls natively (issue 34 §3).
 */
export function TableBox({ minWidth, children }: { minWidth?: number; children: ReactNode }) {
  return (
    <div className={dataTable.tableBox}>
      <div style={minWidth ? { minWidth } : undefined}>{children}</div>
    </div>
  );
}
