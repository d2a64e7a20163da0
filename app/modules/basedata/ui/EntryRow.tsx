import { ActionIcon, Group, Table, TextInput } from "@mantine/core";
import { useFetcher } from "@remix-run/react";
import { IconCheck, IconX } from "@tabler/icons-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { baseDataView, type BaseDataActionData, type BaseDataAnswer, type EntityDef, type FieldDef } from "~/modules/basedata/entities";
import { translateError } from "~/ui/forms";

export interface EntryRowRecord {
  id: number;
  updated_at: string;
  [field: string]: unknown;
}

function inlineText(field: FieldDef, value: unknown): string {
  if (Array.isArray(value)) return value.join("; ");
  return value == null ? "" : String(value);
}

/**
 * The keyboard entry row (JS only): the list's inline fields as inputs. Enter saves through the
 * list's action without leaving the page, Escape cancels; after an error the first field in
 * error gets the focus, so the hands never leave the keyboard.
 */
export function EntryRow({
  def,
  columns,
  record,
  actionPath,
  onSaved,
  onCancel,
  onFormError,
}: {
  def: EntityDef;
  columns: FieldDef[];
  record?: EntryRowRecord;
  actionPath: string;
  onSaved: (result: BaseDataActionData) => void;
  onCancel: () => void;
  onFormError: (result: BaseDataActionData | null) => void;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<BaseDataAnswer>();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(columns.map((f) => [f.name, inlineText(f, record?.[f.name])])),
  );
  const inputs = useRef<Record<string, HTMLInputElement | null>>({});
  const busy = fetcher.state !== "idle";
  // One view per answer: the effect below runs when a new answer arrives, not on every render.
  const result = useMemo(() => (fetcher.state === "idle" ? baseDataView(fetcher.data) : undefined), [fetcher.state, fetcher.data]);

  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      onSaved(result);
      return;
    }
    onFormError(result);
    const firstError = columns.find((f) => result.errors[f.name]) ?? columns[0];
    inputs.current[firstError.name]?.focus();
    // Only when a new answer arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);

  function save() {
    if (busy) return;
    const form = new FormData();
    form.set("intent", record ? "update" : "create");
    if (record) {
      form.set("id", String(record.id));
      form.set("updated_at", record.updated_at);
    }
    for (const field of columns) form.set(field.name, values[field.name] ?? "");
    fetcher.submit(form, { method: "post", action: actionPath });
  }

  const rowLabel = record ? t("basedata.editRow") : t("basedata.newRow");
  return (
    <Table.Tr data-testid={record ? "edit-row" : "entry-row"} aria-label={rowLabel} data-entry-row="">
      {columns.map((field, index) => (
        <Table.Td key={field.name}>
          <TextInput
            ref={(el) => {
              inputs.current[field.name] = el;
            }}
            aria-label={t(`fields.${field.name}`)}
            name={field.name}
            value={values[field.name] ?? ""}
            placeholder={field.type === "list" ? t("basedata.listHint") : undefined}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setValues((v) => ({ ...v, [field.name]: value }));
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                save();
              } else if (event.key === "Escape") {
                event.preventDefault();
                onCancel();
              }
            }}
            error={translateError(t, result && !result.ok ? result.errors[field.name] : undefined)}
            autoFocus={index === 0}
            size="xs"
            data-autofocus={index === 0 ? "" : undefined}
          />
        </Table.Td>
      ))}
      {def.hasUsage ? <Table.Td /> : null}
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="filled" onClick={save} loading={busy} aria-label={t("app.save")} size="md">
            <IconCheck size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="default" onClick={onCancel} aria-label={t("app.cancel")} size="md">
            <IconX size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
