import { Stack, Text, TextInput } from "@mantine/core";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RichTextField } from "~/modules/service/ui/RichTextField";
import { RouteDialog } from "~/ui/RouteDialog";
import type { FormAnswer } from "~/lib/form-answer";
import { fieldProps, useSchemaForm, type FormReply } from "~/ui/form/use-schema-form";
import type { itemDialogLoader } from "../section-page.server";
import type { MatrixSchema, ParagraphSchema } from "../frame-schema";
import { framePath, parseHeaders, type SectionItem } from "../frame-types";
import { CellGrid } from "./CellGrid";
import { Refusal } from "./FrameRows";
import { sent } from "./Reorder";
import { DialogButtons } from "./SectionDialogs";
import { TableForm, TableRows } from "./TableParts";

type Data = Awaited<ReturnType<typeof itemDialogLoader>>;
type Item<K extends SectionItem["kind"]> = Extract<SectionItem, { kind: K }> & { updated_at: string };

const value = (v: unknown) => (v == null ? "" : String(v));

/** /catalogframe/:id/item/:kind/new?section= and /item/:kind/:item — a paragraph, table or matrix of a section. */
export function ItemDialog() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof itemDialogLoader>();
  const back = framePath(data.catalogueId);
  const texts = `catalogframe.items.${data.kind}`;
  const title = data.item ? t(`${texts}.editTitle`, { section: data.section.name }) : t(`${texts}.newTitle`, { section: data.section.name });
  return (
    <RouteDialog title={title} closeTo={back} maxWidth={data.kind === "paragraph" ? 720 : 1024}>
      {data.kind === "paragraph" ? <ParagraphForm data={data} back={back} /> : null}
      {data.kind === "table" ? (
        <Stack gap="lg">
          <TableForm item={data.item as Item<"table"> | null} back={back} />
          {data.item ? <TableRows item={data.item as Item<"table">} /> : <Text size="sm" c="dimmed">{t("catalogframe.items.table.newHint")}</Text>}
        </Stack>
      ) : null}
      {data.kind === "matrix" ? <MatrixForm item={data.item as Item<"matrix"> | null} back={back} /> : null}
    </RouteDialog>
  );
}

function ParagraphForm({ data, back }: { data: Data; back: string }) {
  const { t } = useTranslation();
  const item = data.item as Item<"paragraph"> | null;
  const reply = useActionData<FormReply>();
  const [form, fields] = useSchemaForm<typeof ParagraphSchema>(reply, { defaultValue: item ? { title: item.title ?? "", content: item.content ?? "" } : undefined });
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate>
      <input type="hidden" name="intent" value="save" />
      {item ? <input type="hidden" name="updated_at" value={item.updated_at} /> : null}
      <Stack gap="sm">
        <Refusal answer={reply as FormAnswer | undefined} />
        <TextInput key={fields.title.key} {...fieldProps(t, fields.title)} label={t("catalogframe.items.title")} required autoFocus data-testid="item-title" />
        <RichTextField key={fields.content.key} {...fieldProps(t, fields.content)} label={t("catalogframe.items.paragraph.content")} />
        <DialogButtons back={back} busy={busy} label={t("catalogframe.save")} testId="save-item" />
      </Stack>
    </Form>
  );
}

/**
 * A matrix: title, row and column headers (comma separated) and a cell per pair. With JS the grid
 * follows the headers as they are typed; without JS it is rebuilt from the headers on the next
 * answer (a new matrix is saved empty first, then its cells are filled in).
 */
function MatrixForm({ item, back }: { item: Item<"matrix"> | null; back: string }) {
  const { t } = useTranslation();
  const reply = useActionData<FormReply>();
  const typed = sent(reply as FormAnswer | undefined);
  const [form, fields] = useSchemaForm<typeof MatrixSchema>(reply, {
    defaultValue: item ? { title: item.title ?? "", row_headers: item.row_headers.join(", "), column_headers: item.column_headers.join(", ") } : undefined,
  });
  const [rowsText, setRowsText] = useState(value(fields.row_headers.initialValue));
  const [columnsText, setColumnsText] = useState(value(fields.column_headers.initialValue));
  const busy = useNavigation().state === "submitting";
  // Without JS the grid is the one of the headers the page was rendered with.
  const rows = parseHeaders(rowsText);
  const columns = parseHeaders(columnsText);
  const showGrid = rows.length > 0 && columns.length > 0;
  const cell = (r: number, c: number) => {
    const name = `cell_${r}_${c}`;
    if (typed && typeof typed[name] === "string") return typed[name] as string;
    return item?.matrix_data[r]?.[c] ?? "";
  };
  return (
    <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate>
      <input type="hidden" name="intent" value="save" />
      {item ? <input type="hidden" name="updated_at" value={item.updated_at} /> : null}
      <input type="hidden" name="grid_rows" value={showGrid ? rows.length : 0} />
      <input type="hidden" name="grid_cols" value={showGrid ? columns.length : 0} />
      <Stack gap="sm">
        <Refusal answer={reply as FormAnswer | undefined} />
        <TextInput key={fields.title.key} {...fieldProps(t, fields.title)} label={t("catalogframe.items.title")} required autoFocus data-testid="item-title" />
        <TextInput
          key={fields.row_headers.key}
          {...fieldProps(t, fields.row_headers)}
          label={t("catalogframe.items.matrix.rowHeaders")}
          description={t("catalogframe.items.headersHint")}
          onChange={(e) => setRowsText(e.currentTarget.value)}
          required
          data-testid="matrix-rows"
        />
        <TextInput
          key={fields.column_headers.key}
          {...fieldProps(t, fields.column_headers)}
          label={t("catalogframe.items.matrix.columnHeaders")}
          description={t("catalogframe.items.headersHint")}
          onChange={(e) => setColumnsText(e.currentTarget.value)}
          required
          data-testid="matrix-columns"
        />
        {showGrid ? (
          <CellGrid
            caption={t("catalogframe.items.matrix.cells")}
            columns={columns}
            rows={rows.map((header, i) => ({ key: i, header }))}
            cell={(ri, ci) => ({ name: `cell_${ri}_${ci}`, defaultValue: cell(ri, ci), label: t("catalogframe.items.matrix.cell", { row: rows[ri], column: columns[ci] }) })}
            testId="matrix-grid"
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t("catalogframe.items.matrix.noCells")}
          </Text>
        )}
        <DialogButtons back={back} busy={busy} label={t("catalogframe.save")} testId="save-item" />
      </Stack>
    </Form>
  );
}
