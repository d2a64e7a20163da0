import { ActionIcon, Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { answerFor, type FormAnswer } from "~/lib/form-answer";
import { fieldProps, useSchemaForm, type FormReply } from "~/ui/form/use-schema-form";
import type { TableSchema } from "../frame-schema";
import { parseHeaders, type SectionItem } from "../frame-types";
import { CellGrid } from "./CellGrid";
import { Refusal } from "./FrameRows";
import { Hidden, MoveButtons, ReorderList, sent } from "./Reorder";
import { DialogButtons } from "./SectionDialogs";
import classes from "./catalogframe.module.css";

type Table = Extract<SectionItem, { kind: "table" }> & { updated_at: string };

const value = (v: unknown) => (v == null ? "" : String(v));
/** A repeated field as sent: one value or a list. */
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === "string" ? [v] : []);

/**
 * A table's title, headers (comma separated) and — once it has rows — every row's values in one
 * grid. With JS the grid's columns follow the headers as they are typed; without JS a changed
 * column count is answered with the grid in the new width, to be filled and saved again.
 */
export function TableForm({ item, back }: { item: Table | null; back: string }) {
  const { t } = useTranslation();
  const answer = useActionData<FormAnswer>();
  // The rows' own forms answer with a target; this form's answer has none.
  const reply = answer && !answer.target ? (answer as FormReply) : undefined;
  const typed = sent(reply as FormAnswer | undefined);
  const [form, fields] = useSchemaForm<typeof TableSchema>(reply, { defaultValue: item ? { title: item.title ?? "", headers: item.headers.join(", ") } : undefined });
  const [headersText, setHeadersText] = useState(value(fields.headers.initialValue));
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const columns = parseHeaders(headersText);
  const cell = (rowId: number, stored: string[], c: number) => {
    const mine = typed ? list(typed[`row_${rowId}`]) : null;
    return mine ? (mine[c] ?? "") : (stored[c] ?? "");
  };
  return (
    <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate>
      <Hidden fields={{ intent: "save", ...(item ? { updated_at: item.updated_at } : {}) }} />
      <Stack gap="sm">
        <Refusal answer={reply as FormAnswer | undefined} />
        <TextInput key={fields.title.key} {...fieldProps(t, fields.title)} label={t("catalogframe.items.title")} required autoFocus data-testid="item-title" />
        <TextInput
          key={fields.headers.key}
          {...fieldProps(t, fields.headers)}
          label={t("catalogframe.items.table.headers")}
          description={t("catalogframe.items.table.headersHint")}
          onChange={(e) => setHeadersText(e.currentTarget.value)}
          required
          data-testid="table-headers"
        />
        {item && item.rows.length && columns.length ? (
          <CellGrid
            caption={t("catalogframe.items.table.rows")}
            columns={columns}
            rows={item.rows.map((row, r) => ({ key: row.id, header: String(r + 1) }))}
            cell={(r, c) => {
              const row = item.rows[r];
              return { name: `row_${row.id}`, defaultValue: cell(row.id, row.values, c), label: t("catalogframe.items.table.cell", { n: r + 1, header: columns[c] }) };
            }}
            testId="table-grid"
          />
        ) : null}
        <DialogButtons back={back} busy={busy} label={t("catalogframe.save")} testId="save-item" />
      </Stack>
    </Form>
  );
}

/** A table's rows: their order (buttons, drag and drop with JS), removal, and a form for a new row (one field per header). */
export function TableRows({ item }: { item: Table }) {
  const { t } = useTranslation();
  const answer = useActionData<FormAnswer>();
  const adding = answerFor(answer, "rows:new");
  const typed = list(sent(adding)?.value);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "row-add";
  return (
    <Stack gap="sm" component="section" aria-labelledby="table-rows-title">
      <Title order={3} size="h4" id="table-rows-title">
        {t("catalogframe.items.table.rows")}
      </Title>
      {item.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("catalogframe.items.table.noRows")}
        </Text>
      ) : (
        <ReorderList scope="tablerows" items={item.rows} keyOf={(r) => String(r.id)} enabled fields={(r) => ({ intent: "row-move", row: r.id, updated_at: item.updated_at })} label={t("catalogframe.items.table.rows")} testId="table-rows">
          {(row, index) => {
            const n = index + 1;
            return (
              <Stack gap={4}>
                <div className={classes.entryHead}>
                  <Text size="sm" className={classes.entryMain} style={{ overflowWrap: "anywhere" }} data-testid="table-row">
                    {t("catalogframe.items.table.rowSummary", { n, values: row.values.join(" · ") })}
                  </Text>
                  <Group gap={4} wrap="nowrap">
                    <MoveButtons fields={{ intent: "row-move", row: row.id, updated_at: item.updated_at }} index={index} count={item.rows.length} labels={{ up: t("catalogframe.rows.moveUp", { n }), down: t("catalogframe.rows.moveDown", { n }) }} />
                    <Form method="post" preventScrollReset className={classes.inlineForm}>
                      <Hidden fields={{ intent: "row-remove", row: row.id, updated_at: item.updated_at }} />
                      <ActionIcon type="submit" variant="light" color="red" aria-label={t("catalogframe.rows.remove", { n })} title={t("catalogframe.rows.remove", { n })}>
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Form>
                  </Group>
                </div>
                <Refusal answer={answerFor(answer, `rows:${row.id}`)} />
              </Stack>
            );
          }}
        </ReorderList>
      )}
      <Form method="post" preventScrollReset noValidate aria-labelledby="table-new-row-title" key={`${item.updated_at}`}>
        <Hidden fields={{ intent: "row-add", updated_at: item.updated_at }} />
        <Stack gap="xs">
          <Text size="sm" fw={600} id="table-new-row-title">
            {t("catalogframe.items.table.newRow")}
          </Text>
          <Refusal answer={adding} />
          <SimpleGrid cols={{ base: 1, sm: Math.min(item.headers.length, 3) }} spacing="xs">
            {item.headers.map((header, c) => (
              <TextInput key={c} name="value" label={header} defaultValue={typed[c] ?? ""} maxLength={2000} data-testid="new-row-value" />
            ))}
          </SimpleGrid>
          <Group>
            <Button type="submit" variant="light" loading={busy} data-testid="add-table-row">
              {t("catalogframe.items.table.addRow")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Stack>
  );
}
