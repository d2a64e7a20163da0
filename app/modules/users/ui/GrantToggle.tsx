import { useFetcher } from "@remix-run/react";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { formError, type FormAnswer } from "~/lib/form-answer";
import { translateError } from "~/ui/forms";
import { PlainButton } from "~/ui/plain/Plain";
import type { GrantIntent } from "../grants-schema";
import classes from "./grants.module.css";

/** What a toggle posts to switch one way: its intent and fields. */
export interface ToggleRequest {
  intent: GrantIntent;
  fields: Record<string, string>;
}

/**
 * One on/off switch of the permissions page: the current state in words and a button that asks
 * for the other state. A plain POST form without JS (the action answers with the page again);
 * with JS a fetcher, so the page stays where it is, showing the new state at once while the
 * server saves it. A refusal (unknown category, failed save) shows beside the button.
 */
export function GrantToggle({
  action,
  on,
  turnOn,
  turnOff,
  state,
  button,
  subject,
  testId,
}: {
  action: string;
  on: boolean;
  turnOn: ToggleRequest;
  turnOff: ToggleRequest;
  /** The state in words: [on, off]. */
  state: [string, string];
  /** The button's text: [switch on, switch off]. */
  button: [string, string];
  /** What is switched (a category's name), read with the button by screen readers. */
  subject?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<FormAnswer<{ id?: string }>>();
  const pending = fetcher.formData;
  // While saving, show the state asked for.
  const shownOn = pending ? matches(pending, turnOn) : on;
  const request = shownOn ? turnOff : turnOn;
  const error = fetcher.state === "idle" ? formError(fetcher.data) : undefined;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    // Tells the action to answer in place instead of redirecting.
    body.set("fetcher", "1");
    fetcher.submit(body, { method: "post", action, preventScrollReset: true });
  };
  return (
    <fetcher.Form method="post" action={action} onSubmit={submit} className={classes.toggle} data-testid={testId} data-on={shownOn ? "true" : "false"}>
      <input type="hidden" name="intent" value={request.intent} />
      {Object.entries(request.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <span className={classes.state} data-on={shownOn ? "true" : "false"}>
        {shownOn ? state[0] : state[1]}
      </span>
      <PlainButton type="submit" size="xs" variant={shownOn ? "default" : "light"} aria-disabled={pending ? true : undefined}>
        {shownOn ? button[1] : button[0]}
        {subject ? <span className="visually-hidden">: {subject}</span> : null}
      </PlainButton>
      {error ? (
        <span role="alert" className={classes.error}>
          {translateError(t, error)}
        </span>
      ) : null}
    </fetcher.Form>
  );
}

function matches(form: FormData, request: ToggleRequest): boolean {
  return form.get("intent") === request.intent && Object.entries(request.fields).every(([name, value]) => form.get(name) === value);
}
