import type { InputHTMLAttributes, ReactNode } from "react";
import classes from "./NativeCheckbox.module.css";

/**
 * A plain checkbox for long lists (filters, selections): Mantine's Checkbox costs ~0.3 ms of
 * server rendering each, and the catalogue browser shows a few hundred of them per page
 * (docs/benchmarks.md). Either `label` (visible) or `aria-label` names it.
 */
export function NativeCheckbox({ label, ...input }: Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { label?: ReactNode }) {
  const box = <input type="checkbox" className={classes.input} {...input} />;
  if (label === undefined) return box;
  return (
    <label className={classes.label}>
      {box}
      <span>{label}</span>
    </label>
  );
}

/** A container class that gives plain `<input type="checkbox">`s inside this checkbox's look. */
export const checkboxesWithin = classes.boxes;
