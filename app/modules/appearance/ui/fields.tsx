import { Alert, Card, ColorInput, Input, Stack, Text, TextInput, Title } from "@mantine/core";
import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { fieldError } from "~/ui/form/use-schema-form";
import { isValidColour } from "../appearance";
import classes from "./appearance.module.css";

/*
 * The appearance forms' fields. Each posts its value under its own name and is a plain input in
 * the server-rendered HTML, so the forms work without JS; with JS the colour field also opens a
 * picker and every change updates the preview.
 */

type FieldProps = { name: string; label: string; value: string; onChange: (value: string) => void; errors?: string[] };

/** A hex colour: typed (3 or 6 digits), or picked with JS. A value the spec does not accept is named as black. */
export function ColourField({ name, label, value, onChange, errors }: FieldProps) {
  const { t } = useTranslation();
  const invalid = !isValidColour(value);
  return (
    <ColorInput
      name={name}
      label={label}
      value={value}
      onChange={onChange}
      format="hex"
      fixOnBlur={false}
      withEyeDropper={false}
      withPicker
      maxLength={32}
      autoComplete="off"
      description={invalid ? t("appearance.invalidColour", { value }) : t("appearance.colourHint")}
      error={fieldError(t, errors)}
      data-testid={`field-${name}`}
    />
  );
}

/** An opacity 0..1 in steps of 0.01. */
export function OpacityField({ name, label, value, onChange, errors }: FieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      type="number"
      name={name}
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      min={0}
      max={1}
      step={0.01}
      inputMode="decimal"
      error={fieldError(t, errors)}
      data-testid={`field-${name}`}
    />
  );
}

/** The gradient's angle: a slider 0..360, step 1 (spec 02 §5); disabled for a radial gradient. */
export function DegreeField({ name, value, onChange, errors, disabled = false }: Omit<FieldProps, "label"> & { disabled?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const error = fieldError(t, errors);
  return (
    <Input.Wrapper id={id} label={disabled ? t("appearance.degreeRadial") : t("appearance.degree", { degree: value })} error={error}>
      <input
        id={id}
        type="range"
        name={name}
        min={0}
        max={360}
        step={1}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        className={classes.range}
        data-testid={`field-${name}`}
      />
    </Input.Wrapper>
  );
}

/** One part of the appearance page: its heading, what it does, why it could not load, its form. */
export function AppearanceSection({ id, heading, intro, loadError, children }: { id: string; heading: string; intro: string; loadError?: string | null; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card withBorder component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} size="h3" id={id}>
          {heading}
        </Title>
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
        {loadError ? (
          <Alert color="red" role="alert">
            {t(loadError)}
          </Alert>
        ) : null}
        {children}
      </Stack>
    </Card>
  );
}
