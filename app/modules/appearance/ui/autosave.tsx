import { Button, Group, Text } from "@mantine/core";
import { useFetcher, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { FormAnswer } from "~/ui/form/use-schema-form";
import { FlashToast } from "~/ui/FlashToast";

/** Spec 02 §4, §9: settings are saved after a 500 ms pause in editing. */
export const AUTOSAVE_DELAY_MS = 500;

/** The appearance screen's one action (its page is /admin/logo; the settings entry reuses it). */
export const ACTION = "/admin/logo";

export type AutosaveAnswer = FormAnswer | { status: "success"; target: string; savedAt: string };

/**
 * With JS: posts the form's values (with `autosave=1`) once editing pauses for 500 ms. Nothing is
 * posted for the first render, only for changes. The answer (saved, or refused with field errors)
 * is the fetcher's data.
 */
export function useAutosave(intent: string, values: Record<string, string | undefined>) {
  const fetcher = useFetcher<AutosaveAnswer>({ key: `appearance-${intent}` });
  const serialised = JSON.stringify(values);
  const last = useRef(serialised);
  const submit = useRef(fetcher.submit);
  submit.current = fetcher.submit;
  useEffect(() => {
    if (serialised === last.current) return;
    const timer = window.setTimeout(() => {
      last.current = serialised;
      const body: Record<string, string> = { intent, autosave: "1" };
      for (const [key, value] of Object.entries(JSON.parse(serialised) as Record<string, string | undefined>)) if (value !== undefined) body[key] = value;
      void submit.current(body, { method: "post", action: ACTION });
    }, AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [serialised, intent]);
  return fetcher;
}

/** The field errors of a refused autosave, if that is the latest answer. */
export function autosaveErrors(answer: AutosaveAnswer | undefined): Record<string, string[] | null> | undefined {
  return answer && answer.status === "error" ? (answer.error ?? undefined) : undefined;
}

/**
 * Below each settings form: the save button (the way without JS; with JS it saves at once), the
 * autosave state for screen readers, and the spec's error toast when a save was refused.
 */
export function SaveRow({ intent, fetcher, refused, failedMessage }: { intent: string; fetcher: ReturnType<typeof useAutosave>; refused: boolean; failedMessage: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const saving = fetcher.state !== "idle" || (navigation.state === "submitting" && navigation.formData?.get("intent") === intent);
  const answer = fetcher.data;
  const failed = refused || answer?.status === "error";
  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed" role="status" aria-live="polite" data-testid={`autosave-${intent}`}>
          {saving ? t("appearance.saving") : answer?.status === "success" ? t("appearance.saved") : ""}
        </Text>
        <Button type="submit" loading={saving} data-testid={`save-${intent}`}>
          {t("app.save")}
        </Button>
      </Group>
      {failed && !saving ? <FlashToast key={JSON.stringify(answer ?? null)} flash={{ id: intent, kind: "error", message: failedMessage }} /> : null}
    </>
  );
}
