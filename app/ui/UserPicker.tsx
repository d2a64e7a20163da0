import { useRef } from "react";
import classes from "./UserPicker.module.css";
import fieldClasses from "./native-field.module.css";

/**
 * A choice of user accounts: a native multi-select (works without JS, posts `name` once per
 * chosen account) with, for JS, a search box that narrows the list as one types (chosen accounts
 * stay visible). Labels and hint come from the caller, in the page's language.
 */
export function UserPicker({
  name,
  label,
  searchLabel,
  hint,
  error,
  users,
  chosen,
  testId,
}: {
  name: string;
  label: string;
  searchLabel: string;
  hint?: string;
  error?: string;
  users: { id: number; name: string; email: string }[];
  chosen: number[];
  testId?: string;
}) {
  const select = useRef<HTMLSelectElement>(null);
  const narrow = (term: string) => {
    const needle = term.trim().toLowerCase();
    for (const option of Array.from(select.current?.options ?? [])) option.hidden = needle !== "" && !option.selected && !option.text.toLowerCase().includes(needle);
  };
  return (
    <div className={classes.picker}>
      <label className={classes.search}>
        <span>{searchLabel}</span>
        <input type="search" onChange={(event) => narrow(event.currentTarget.value)} data-testid={testId ? `${testId}-search` : undefined} />
      </label>
      <label className={classes.field}>
        <span>{label}</span>
        <select ref={select} name={name} multiple size={Math.min(10, Math.max(4, users.length))} defaultValue={chosen.map(String)} data-testid={testId}>
          {users.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name} ({u.email})
            </option>
          ))}
        </select>
      </label>
      {hint ? <p className={fieldClasses.hint}>{hint}</p> : null}
      {error ? (
        <p className={fieldClasses.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
