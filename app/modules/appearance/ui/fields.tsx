import { Alert, Card, Input, Stack, Text, TextInput, Title } from "@mantine/core";
import { useEffect, useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { fieldError } from "~/ui/form/use-schema-form";
import { isValidColour, normaliseColour } from "../appearance";
import classes from "./appearance.module.css";

/*
 * The appearance forms' fields. Each posts its value under its own name and is a plain input in
 * the server-rendered HTML, so the forms work without JS; with JS the colour field also opens a
 * picker and every change updates the preview.
 */

type FieldProps = { name: string; label: string; value: string; onChange: (value: string) => void; errors?: string[] };

/** The #rrggbb a colour input shows for a stored colour (3 digits doubled, the words as hex). */
function sixDigits(value: string): string {
  const colour = normaliseColour(value);
  if (colour === "white") return "#ffffff";
  if (colour === "black") return "#000000";
  return colour.length === 4 ? `#${[...colour.slice(1)].map((digit) => digit + digit).join("")}` : colour;
}

/**
 * A hex colour: typed (3 or 6 digits), or picked with the browser's own colour picker beside it
 * (with JS; without, the picker shows the colour and the field is typed). The picker posts nothing:
 * the text field is the value. Instead of Mantine's ColorInput, 22 KB of script (issue 34 §3).
 * A value the spec does not accept is named as black.
 */
export function ColourField({ name, label, value, onChange, errors }: FieldProps) {
  const { t } = useTranslation();
  const invalid = !isValidColour(value);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <TextInput
      name={name}
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maxLength={32}
      autoComplete="off"
      spellCheck={false}
      description={invalid ? t("appearance.invalidColour", { value }) : t("appearance.colourHint")}
      error={fieldError(t, errors)}
      data-testid={`field-${name}`}
      rightSectionPointerEvents="all"
      rightSection={
        <input
          type="color"
          value={sixDigits(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
          disabled={!hydrated}
          aria-label={t("appearance.pickColour", { label })}
          className={classes.swatch}
          data-testid={`pick-${name}`}
        />
      }
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
