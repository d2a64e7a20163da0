import { Alert, Anchor, Stack } from "@mantine/core";
import { Link, useFetcher } from "@remix-run/react";
import { Fragment, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "~/ui/FormAlert";
import type { FieldErrors } from "~/server/errors.server";
import { childView, childrenPath, servicePath, type ChildActionData, type ChildAnswer, type ChildIntent } from "../../children-types";

export interface ChildFormState {
  errors: FieldErrors;
  /** The values a refused form sent (shown again on the no-JS answer page); undefined otherwise. */
  values?: Record<string, string>;
  busy: boolean;
}

/**
 * One form of the service children: a fetcher form posting `intent`, the service version it was
 * loaded with and the child's id to the children route. Without JS it is a plain form post
 * (redirect back with a toast, or the route's answer page with the errors); with JS the errors
 * of a refusal come back in this form's own fetcher and show beside its fields.
 */
export function ChildForm({
  serviceId,
  updatedAt,
  intent,
  itemId,
  label,
  multipart = false,
  failed,
  inline = false,
  resetKey,
  children,
}: {
  serviceId: number;
  updatedAt: string;
  intent: ChildIntent;
  /** The option, responsibility, link (sent as `id`) or attribute (sent as `item`). */
  itemId?: number;
  /** The form's accessible name. */
  label: string;
  /** Multipart (a file input); intent and id then also travel in the URL, for answers to a body that could not be read. */
  multipart?: boolean;
  /** A refusal to show at first (the children route's no-JS answer page). */
  failed?: ChildActionData | null;
  /** Buttons in a row: the form-level error is shown compactly. */
  inline?: boolean;
  /** The stored values the fields start from: when they change (a save), the fields start again from them. */
  resetKey?: string;
  children: (state: ChildFormState) => ReactNode;
}) {
  const fetcher = useFetcher<ChildAnswer>();
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  // The refusal on show: the no-JS answer's at first, then the outcome of this form's last submission.
  const [result, setResult] = useState<ChildActionData | null>(failed ?? null);
  // Bumped after a save: the fields mount again (a rich-text editor too). Edit forms also remount
  // when the stored values they start from change (`resetKey`), which may arrive a moment later.
  const [generation, setGeneration] = useState(0);
  const previous = useRef({ state: fetcher.state, data: fetcher.data });
  useEffect(() => {
    const before = previous.current;
    if (before.state !== "idle" && fetcher.state === "idle") {
      if (fetcher.data && fetcher.data !== before.data) {
        setResult(childView(fetcher.data));
      } else {
        // Saved (the action redirected, so no new answer): start afresh from the stored values.
        setResult(null);
        setGeneration((g) => g + 1);
        formRef.current?.closest("details")?.removeAttribute("open");
      }
    }
    previous.current = { state: fetcher.state, data: fetcher.state === "idle" ? fetcher.data : before.data };
  }, [fetcher.state, fetcher.data]);
  const errors = result?.errors ?? {};
  const busy = fetcher.state !== "idle";
  const idField = intent === "setAttributeText" || intent === "setAttributeDropdown" ? "item" : "id";
  let action = childrenPath(serviceId);
  if (multipart) {
    const query = new URLSearchParams({ intent });
    if (itemId !== undefined) query.set("id", String(itemId));
    action += `?${query.toString()}`;
  }
  const formError = result?.stale ? null : errors._form;
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={action}
      encType={multipart ? "multipart/form-data" : undefined}
      aria-label={label}
      noValidate
      style={inline ? { display: "inline-block" } : undefined}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="updated_at" value={updatedAt} />
      {itemId !== undefined ? <input type="hidden" name={idField} value={itemId} /> : null}
      <Stack gap="xs">
        {result?.stale ? (
          <Alert color="orange" role="alert" data-testid="stale-notice">
            {t("servicechildren.stale")}{" "}
            <Anchor component={Link} to={servicePath(serviceId, result.section)} reloadDocument size="sm">
              {t("servicechildren.reload")}
            </Anchor>
          </Alert>
        ) : (
          <FormAlert error={formError} />
        )}
        <Fragment key={`${generation}:${resetKey ?? ""}`}>{children({ errors, values: result && result === failed ? failed.values : undefined, busy })}</Fragment>
      </Stack>
    </fetcher.Form>
  );
}
