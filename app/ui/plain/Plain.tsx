import { useId, type AnchorHTMLAttributes, type ButtonHTMLAttributes, type CSSProperties, type HTMLAttributes, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";
import classes from "./plain.module.css";

/**
 * Buttons, fields and cards as plain elements with Mantine's look, for the most rendered pages
 * (app shell, catalogue browser). Elsewhere the Mantine components stay. Links are plain `<a>`;
 * a surrounding `ClientLinks` makes them client-side navigations.
 */
type Look = { variant?: "filled" | "default" | "light" | "subtle"; size?: "sm" | "xs"; leftSection?: ReactNode };

export function PlainButton({ variant = "filled", size = "sm", leftSection, className, children, type = "button", ...rest }: Look & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type={type} className={className ? `${classes.button} ${className}` : classes.button} data-variant={variant} data-size={size} {...rest}>
      {leftSection}
      {children}
    </button>
  );
}

export function PlainLinkButton({ variant = "filled", size = "sm", leftSection, className, children, ...rest }: Look & AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return (
    <a className={className ? `${classes.button} ${className}` : classes.button} data-variant={variant} data-size={size} {...rest}>
      {leftSection}
      {children}
    </a>
  );
}

export function PlainButtonGroup({ children }: { children: ReactNode }) {
  return (
    <div className={classes.buttonGroup} role="group">
      {children}
    </div>
  );
}

type FieldProps = { label: ReactNode; error?: ReactNode; fieldStyle?: CSSProperties };

function Field({ id, label, error, fieldStyle, icon, children }: FieldProps & { id: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <div className={classes.field} style={fieldStyle}>
      <label className={classes.label} htmlFor={id}>
        {label}
      </label>
      <div className={icon ? `${classes.control} ${classes.withIcon}` : classes.control}>
        {icon ? <span className={classes.icon}>{icon}</span> : null}
        {children}
      </div>
      {error ? (
        <p className={classes.error} id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled native select; `data` as in Mantine's NativeSelect. */
export function PlainSelect({
  label,
  error,
  fieldStyle,
  data,
  id,
  ...select
}: FieldProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, "children"> & { data: { value: string; label: string }[] }) {
  const fallback = useId();
  const inputId = id ?? fallback;
  return (
    <Field id={inputId} label={label} error={error} fieldStyle={fieldStyle}>
      <select className={classes.input} id={inputId} aria-invalid={error ? true : undefined} aria-describedby={error ? `${inputId}-error` : undefined} {...select}>
        {data.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A labelled text input, optionally with an icon on the left. */
export function PlainTextInput({ label, error, fieldStyle, icon, id, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement> & { icon?: ReactNode }) {
  const fallback = useId();
  const inputId = id ?? fallback;
  return (
    <Field id={inputId} label={label} error={error} fieldStyle={fieldStyle} icon={icon}>
      <input className={classes.input} id={inputId} aria-invalid={error ? true : undefined} aria-describedby={error ? `${inputId}-error` : undefined} {...input} />
    </Field>
  );
}

/** A bordered card with an optional heading (h2 unless told otherwise). */
export function PlainCard({ title, children, ...rest }: { title?: ReactNode; children: ReactNode } & HTMLAttributes<HTMLElement>) {
  return (
    <section className={classes.card} {...rest}>
      {title ? <h2 className={classes.cardTitle}>{title}</h2> : null}
      {children}
    </section>
  );
}

export const plain = classes;
