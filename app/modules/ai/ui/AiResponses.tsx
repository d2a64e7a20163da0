import { Button, Group, Loader, Stack, Text } from "@mantine/core";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { NativeCheckbox } from "~/ui/NativeCheckbox";
import type { GeneratedService } from "../ai";
import type { GenerateAnswer } from "../create-ai-page.server";
import { plainText } from "../proposal";
import type { PendingRequest } from "./use-ai-responses";
import classes from "./ai.module.css";

/** Where the create flow's requests go. */
export const CREATE_AI_PATH = "/servicecatalog/ai";

/**
 * Sends one waiting request after its delay (spec 02 §4: seconds × 1000) through its own fetcher,
 * and reports the answer; renders nothing.
 */
export function RequestRunner({ request, onDone }: { request: PendingRequest; onDone: (id: string, outcome: { service: GeneratedService } | { message: string }) => void }) {
  const fetcher = useFetcher<GenerateAnswer>({ key: `ai-request-${request.id}` });
  const { submit } = fetcher;
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    const timer = window.setTimeout(() => {
      sent.current = true;
      submit(
        { intent: "generate", client: "js", name: request.name, description: request.description, delay: String(request.delay) },
        { method: "post", action: CREATE_AI_PATH },
      );
    }, request.delay * 1000);
    return () => window.clearTimeout(timer);
  }, [request, submit]);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer) return;
    onDone(request.id, answer.ok ? { service: answer.service } : { message: answer.message });
  }, [answer, onDone, request.id]);
  return null;
}

/** One response: its name, what was generated (as plain text), a selection box and a discard control. */
export function ResponseCard({
  name,
  service,
  waiting,
  select,
  discard,
}: {
  name: string;
  service: GeneratedService | null;
  /** Seconds it waits before sending; set while the placeholder is empty. */
  waiting?: number;
  select?: ReactNode;
  discard?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <li className={classes.response} data-waiting={service ? undefined : ""} data-testid="ai-response">
      <div className={classes.responseHead}>
        {select}
        <Text fw={600} className={classes.responseName} data-testid="ai-response-name">
          {service?.name ?? name}
        </Text>
        {discard}
      </div>
      {service ? (
        <Stack gap={4} mt={6}>
          <Text size="sm">{plainText(service.short_description)}</Text>
          <details>
            <summary>{t("ai.create.show")}</summary>
            <Stack gap={6} mt={6}>
              <Field label={t("ai.types.description")}>{plainText(service.description)}</Field>
              <Field label={t("ai.types.content")}>{listItems(service.content)}</Field>
              <Field label={t("ai.types.advantages")}>{listItems(service.advantages)}</Field>
              <Field label={t("ai.types.options")}>
                <ul>
                  {service.options.map((o, i) => (
                    <li key={i}>
                      <strong>{o.name}</strong> {plainText(o.description)}
                    </li>
                  ))}
                </ul>
              </Field>
              <Field label={t("ai.types.responsibilities")}>
                <ul>
                  {service.responsibilities.map((r, i) => (
                    <li key={i}>{r.description}</li>
                  ))}
                </ul>
              </Field>
            </Stack>
          </details>
        </Stack>
      ) : (
        <Group gap="xs" mt={6} role="status">
          <Loader size="xs" />
          <Text size="sm">{waiting ? t("ai.create.waiting", { seconds: waiting }) : t("ai.loading")}</Text>
        </Group>
      )}
    </li>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase">
        {label}
      </Text>
      <div className={classes.html}>{children}</div>
    </div>
  );
}

/** The items of a generated list (HTML we made ourselves, read back as text so nothing is injected). */
function listItems(html: string | null) {
  const items = (html ?? "").split(/<\/li>/i).map(plainText).filter(Boolean);
  return (
    <ul>
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

export function DiscardButton({ label, onClick, form, value }: { label: string; onClick?: () => void; form?: string; value?: string }) {
  const { t } = useTranslation();
  return (
    <Button
      size="xs"
      variant="default"
      type={onClick ? "button" : "submit"}
      onClick={onClick}
      form={form}
      name={form ? "draft" : undefined}
      value={value}
      aria-label={t("ai.create.discardNamed", { name: label })}
      data-testid="ai-response-discard"
    >
      {t("ai.create.discard")}
    </Button>
  );
}

export function SelectBox({ label, ...input }: { label: string } & Parameters<typeof NativeCheckbox>[0]) {
  const { t } = useTranslation();
  return <NativeCheckbox aria-label={t("ai.create.select", { name: label })} data-testid="ai-response-select" {...input} />;
}
