import classes from "./catalogframe.module.css";

export type GridCell = { name: string; defaultValue: string; label: string };

/**
 * The editable grid of a table or matrix: column headers across, one labelled input per cell.
 * Plain inputs posted with the form, so it works without JS; the caller names and labels the cells.
 */
export function CellGrid({
  caption,
  columns,
  rows,
  cell,
  testId,
}: {
  caption: string;
  columns: string[];
  rows: { key: string | number; header: string }[];
  cell: (row: number, column: number) => GridCell;
  testId: string;
}) {
  return (
    <div className={classes.gridScroll}>
      <table className={classes.grid} data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <td />
            {columns.map((c, i) => (
              <th key={i} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={row.key}>
              <th scope="row">{row.header}</th>
              {columns.map((_, c) => {
                const { name, defaultValue, label } = cell(r, c);
                return (
                  <td key={c}>
                    <input className={classes.cell} name={name} defaultValue={defaultValue} aria-label={label} maxLength={2000} />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
