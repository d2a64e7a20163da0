import { ActionIcon, Alert, Anchor, Button, Card, Group, Stack, Text, TextInput, Textarea, Title } from "@mantine/core";
import { Form, useLocation, useNavigation } from "@remix-run/react";
import { IconTrash } from "@tabler/icons-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "~/ui/FormAlert";
import { translateError } from "~/ui/forms";
import { answerFields, answerFor, formError, type FormAnswer } from "~/lib/form-answer";
import { FRAME_ROW_KINDS, type FrameRow, type FrameRowKind } from "../frame-types";
import { Hidden, MoveButtons, ReorderList } from "./Reorder";
import classes from "./catalogframe.module.css";

const STALE = "catalogframe.stale";
/** Longer texts get a text area. */
const LONG = new Set(["description", "impact_example", "comment"]);

/** A refused form's message: a stale form with a link to the current state, anything else as an error. */
export function Refusal({ answer }: { answer: FormAnswer | undefined }) {
  const { t } = useTranslation();
  const location = useLocation();
  const error = formError(answer);
  if (error === STALE) {
    return (
      <Alert color="orange" role="alert" title={t("catalogframe.staleTitle")} data-testid="stale-notice">
        {t(STALE)}{" "}
        <Anchor href={location.pathname + location.search} size="sm">
          {t("catalogframe.reload")}
        </Anchor>
      </Alert>
    );
  }
  return <FormAlert error={error} />;
}

/** The fields of one row (add or edit): every field must be filled, else the spec's message beside the form. */
function RowForm({ kind, intent, index, row, version, answer, priorities }: { kind: FrameRowKind; intent: "row-add" | "row-save"; index?: number; row?: FrameRow; version: string; answer?: FormAnswer; priorities: string[] }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const listId = useId();
  const { errors, values } = answer ? answerFields(answer) : { errors: {} as Partial<Record<string, string>>, values: undefined };
  const allFields = formError(answer) === "catalogframe.errors.allFields";
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent && navigation.formData?.get("kind") === kind && navigation.formData?.get("index") === (index === undefined ? null : String(index));
  const suffix = index === undefined ? t("catalogframe.rows.newRow") : t("catalogframe.rows.row", { n: index + 1 });
  return (
    <Form method="post" preventScrollReset noValidate aria-label={`${t(`catalogframe.rows.${kind}.title`)}: ${suffix}`}>
      <Hidden fields={{ intent, kind, updated_at: version, ...(index === undefined ? {} : { index }) }} />
      <Stack gap="xs">
        <Refusal answer={answer} />
        <div className={classes.rowFields}>
          {FRAME_ROW_KINDS[kind].fields.map((field) => {
            const value = values?.[field] ?? row?.[field] ?? "";
            const props = {
              name: field,
              label: t(`catalogframe.rows.${kind}.fields.${field}`),
              defaultValue: value,
              error: translateError(t, errors[field]) ?? (allFields && !value.trim() ? true : undefined),
              required: true,
            };
            if (LONG.has(field)) return <Textarea key={field} {...props} autosize minRows={2} />;
            return <TextInput key={field} {...props} list={field === "priority" && priorities.length ? listId : undefined} />;
          })}
        </div>
        {kind === "solutionTimes" && priorities.length ? (
          <datalist id={listId}>
            {priorities.map((p) => (
              <option key={p} value={p} />
            ))}
          </datalist>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" size="sm" loading={busy} data-testid={`${intent}-${kind}`}>
            {intent === "row-add" ? t("catalogframe.rows.add") : t("catalogframe.save")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

/**
 * One of the frame's row lists (priorities, solution times, deployment times): the rows as
 * labelled values, each with move buttons (drag and drop with JS), edit and remove; and the
 * form for a new row. Times are labelled as central European time.
 */
export function FrameRowsCard({ kind, rows, version, answer, priorities }: { kind: FrameRowKind; rows: FrameRow[]; version: string; answer: FormAnswer | undefined; priorities: string[] }) {
  const { t } = useTranslation();
  const title = t(`catalogframe.rows.${kind}.title`);
  const adding = answerFor(answer, `row-add:${kind}`);
  const entries = rows.map((row, index) => ({ row, index }));
  return (
    <Card withBorder component="section" id={kind} aria-labelledby={`${kind}-title`} data-testid={`rows-${kind}`}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={`${kind}-title`}>
          {title}
        </Title>
        {kind !== "priorities" ? <Text size="sm" c="dimmed">{t("catalogframe.cet")}</Text> : null}
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("catalogframe.rows.empty")}
          </Text>
        ) : (
          <ReorderList scope={kind.toLowerCase()} items={entries} keyOf={(e) => String(e.index)} enabled fields={(e) => ({ intent: "row-move", kind, index: e.index, updated_at: version })} label={title} testId={`rows-${kind}-list`}>
            {({ row, index }) => {
              const mine = answerFor(answer, `row:${kind}:${index}`);
              const op = answerFor(answer, `row-op:${kind}:${index}`);
              const n = index + 1;
              return (
                <div data-testid={`row-${kind}`}>
                  <div className={classes.entryHead}>
                    <div className={classes.entryMain}>
                      <dl className={classes.rowFields}>
                        {FRAME_ROW_KINDS[kind].fields.map((field) => (
                          <div key={field}>
                            <dt>{t(`catalogframe.rows.${kind}.fields.${field}`)}</dt>
                            <dd>{row[field]}</dd>
                          </div>
                        ))}
                      </dl>
                    </div>
                    <Group gap={4} wrap="nowrap">
                      <MoveButtons fields={{ intent: "row-move", kind, index, updated_at: version }} index={index} count={rows.length} labels={{ up: t("catalogframe.rows.moveUp", { n }), down: t("catalogframe.rows.moveDown", { n }) }} />
                      <Form method="post" preventScrollReset className={classes.inlineForm}>
                        <Hidden fields={{ intent: "row-remove", kind, index, updated_at: version }} />
                        <ActionIcon type="submit" variant="light" color="red" aria-label={t("catalogframe.rows.remove", { n })} title={t("catalogframe.rows.remove", { n })}>
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Form>
                    </Group>
                  </div>
                  <Refusal answer={op} />
                  <details className={classes.edit} open={Boolean(mine) || undefined}>
                    <summary>{t("catalogframe.rows.edit", { n })}</summary>
                    <div className={classes.editBody}>
                      <RowForm kind={kind} intent="row-save" index={index} row={row} version={version} answer={mine} priorities={priorities} />
                    </div>
                  </details>
                </div>
              );
            }}
          </ReorderList>
        )}
        <details className={classes.edit} open={Boolean(adding) || undefined} data-testid={`add-${kind}`}>
          <summary>{t("catalogframe.rows.addTitle")}</summary>
          <div className={classes.editBody}>
            <RowForm kind={kind} intent="row-add" version={version} answer={adding} priorities={priorities} />
          </div>
        </details>
      </Stack>
    </Card>
  );
}
