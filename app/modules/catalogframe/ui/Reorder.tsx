import { ActionIcon, Alert, Group } from "@mantine/core";
import { Form, useFetcher, useNavigation } from "@remix-run/react";
import { IconArrowDown, IconArrowUp } from "@tabler/icons-react";
import { useState, type DragEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { translateError } from "~/ui/forms";
import { formError, type FormAnswer } from "~/lib/form-answer";
import classes from "./catalogframe.module.css";

/** What a refused form sent, field by field (a repeated field as its list). */
export function sent(reply: FormAnswer | undefined): Record<string, unknown> | undefined {
  return reply?.initialValue as Record<string, unknown> | undefined;
}

/** Hidden fields of a form: the intent, what it is about and the version it was loaded with. */
export function Hidden({ fields }: { fields: Record<string, string | number> }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/**
 * Up and down for one entry of an ordered list: two small forms posting the list's move intent
 * with `direction` (they work without JS). Up is disabled on the first entry, down on the last.
 */
export function MoveButtons({ fields, index, count, labels }: { fields: Record<string, string | number>; index: number; count: number; labels: { up: string; down: string } }) {
  const navigation = useNavigation();
  const button = (direction: "up" | "down") => {
    const busy = navigation.state === "submitting" && navigation.formData?.get("direction") === direction && Object.entries(fields).every(([k, v]) => navigation.formData?.get(k) === String(v));
    return (
      <Form method="post" preventScrollReset className={classes.inlineForm}>
        <Hidden fields={{ ...fields, direction }} />
        <ActionIcon type="submit" variant="default" aria-label={labels[direction]} title={labels[direction]} disabled={direction === "up" ? index === 0 : index === count - 1} loading={busy}>
          {direction === "up" ? <IconArrowUp size={16} aria-hidden /> : <IconArrowDown size={16} aria-hidden />}
        </ActionIcon>
      </Form>
    );
  };
  return (
    <Group gap={4} wrap="nowrap">
      {button("up")}
      {button("down")}
    </Group>
  );
}

/**
 * An ordered list whose entries move by drag and drop when JS runs (native HTML5 DnD, as in the
 * catalogue tree): a drop posts the move intent with `to` (the index dropped on) through a
 * fetcher; the page revalidates. The move buttons each entry renders stay for keyboard and no-JS use.
 */
export function ReorderList<T>({
  scope,
  items,
  keyOf,
  enabled,
  fields,
  label,
  testId,
  children,
}: {
  /** Names the list (lower case): a drag only drops into its own list, also when lists nest. */
  scope: string;
  items: T[];
  keyOf: (item: T) => string;
  /** Reordering is possible (sorted by position); else the list is plain. */
  enabled: boolean;
  /** The move form's fields for an entry (intent, its id or index, version). */
  fields: (item: T, index: number) => Record<string, string | number>;
  label: string;
  testId?: string;
  children: (item: T, index: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<FormAnswer>();
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const refused = fetcher.state === "idle" ? formError(fetcher.data) : undefined;
  const type = `application/x-frame-${scope}`;
  const mine = (event: DragEvent) => event.dataTransfer.types.includes(type);

  function drop(event: DragEvent, to: number) {
    if (!mine(event)) return;
    event.preventDefault();
    event.stopPropagation();
    const key = event.dataTransfer.getData(type);
    setDragging(null);
    setOver(null);
    const from = items.findIndex((item) => keyOf(item) === key);
    if (from < 0 || from === to) return;
    fetcher.submit({ ...Object.fromEntries(Object.entries(fields(items[from], from)).map(([k, v]) => [k, String(v)])), to: String(to), fetcher: "1" }, { method: "post" });
  }

  return (
    <>
      {refused ? (
        <Alert color="orange" role="alert" mb="xs">
          {translateError(t, refused)}
        </Alert>
      ) : null}
      <ol className={classes.reorderList} aria-label={label} data-testid={testId} data-busy={fetcher.state !== "idle" || undefined}>
        {items.map((item, index) => {
          const key = keyOf(item);
          return (
            <li
              key={key}
              className={classes.reorderItem}
              draggable={enabled}
              data-dragging={dragging === key || undefined}
              data-drop-target={enabled && dragging !== null && over === key && dragging !== key ? "" : undefined}
              onDragStart={
                enabled
                  ? (e) => {
                      // Only the entry itself starts a drag (not an entry of a list inside it, nor selected text).
                      if (e.target !== e.currentTarget) return;
                      e.stopPropagation();
                      e.dataTransfer.setData(type, key);
                      e.dataTransfer.effectAllowed = "move";
                      setDragging(key);
                    }
                  : undefined
              }
              onDragEnd={() => {
                setDragging(null);
                setOver(null);
              }}
              onDragOver={
                enabled
                  ? (e) => {
                      if (!mine(e)) return;
                      e.preventDefault();
                      e.stopPropagation();
                      setOver(key);
                    }
                  : undefined
              }
              onDrop={enabled ? (e) => drop(e, index) : undefined}
            >
              {children(item, index)}
            </li>
          );
        })}
      </ol>
    </>
  );
}
