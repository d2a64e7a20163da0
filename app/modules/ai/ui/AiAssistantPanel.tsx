import { Alert, Anchor, Box, Button, Group, Loader, Stack, Text, Textarea } from "@mantine/core";
import { Form, Link, useNavigation } from "@remix-run/react";
import { IconSparkles } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ServiceAnswer } from "~/modules/service/types";
import { NativeCheckbox, checkboxesWithin } from "~/ui/NativeCheckbox";
import { answerFields } from "~/lib/form-answer";
import { translateError } from "~/ui/forms";
import type { AiMode, ContentType } from "../ai";
import type { AiPanelData } from "../service-ai.server";
import { toggleType } from "../proposal";
import { AiProposalReview } from "./AiProposalReview";
import { AiUnavailable } from "./AiUnavailable";
import classes from "./ai.module.css";

/**
 * The assistant on the service page (spec 02 §4, issue 19 §2), below the content and closed by
 * default (issue 32 §5): a `<details>` whose summary opens edit mode in one click or key press,
 * also without JS — the six content types, extra instructions and the two buttons. `?ai=edit`
 * (and a refused generation) opens it. Closing it is leaving edit mode: the choice and the input
 * are cleared. A proposal kept on the server is the generated mode and opens it; when nothing of
 * it remains, default mode (closed) returns. When the assistant cannot be used there is no form,
 * only one line saying why and what to do.
 */
export function AiAssistantPanel({ ai, updatedAt, result }: { ai: AiPanelData; updatedAt: string; result?: ServiceAnswer }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const refusal = result?.target === "ai" ? answerFields(result) : undefined;
  const typed = result?.target === "ai" ? (result.initialValue as Record<string, unknown> | undefined) : undefined;
  const details = useRef<HTMLDetailsElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(ai.editing || Boolean(refusal) || Boolean(ai.proposal));
  const [selected, setSelected] = useState<ContentType[]>(() => initialTypes(typed?.types));
  const [instructions, setInstructions] = useState(typeof typed?.instructions === "string" ? typed.instructions : "");
  useEffect(() => {
    // Opened by the browser before the page came to life: keep it open with its form.
    if (details.current?.open) setOpen(true);
    setHydrated(true);
  }, []);

  const clear = () => {
    setSelected([]);
    setInstructions("");
  };
  // Spec 02 §4: when nothing of a proposal remains, edit mode is cleared and default mode returns;
  // a new proposal is shown open.
  const hadProposal = useRef(Boolean(ai.proposal));
  useEffect(() => {
    if (hadProposal.current && !ai.proposal) {
      setOpen(false);
      clear();
    }
    if (!hadProposal.current && ai.proposal) setOpen(true);
    hadProposal.current = Boolean(ai.proposal);
  }, [ai.proposal]);
  // A refused generation keeps the form open with what was sent.
  useEffect(() => {
    if (result?.target === "ai") setOpen(true);
  }, [result]);

  const blocked = ai.status.reason;
  const generating = navigation.state !== "idle" && navigation.formData?.get("intent") === "ai-generate";
  const mode: AiMode = ai.proposal ? "generated" : generating ? "generating" : open && !blocked ? "edit" : "default";

  if (blocked && !ai.proposal && !refusal) {
    // Nothing to open: one line where the box would be. (A refused post still shows what was sent.)
    return (
      <section id="ai" aria-labelledby="ai-title" className={classes.panel} data-testid="ai-panel" data-mode={mode}>
        <Text fw={600} size="sm" id="ai-title">
          <IconSparkles size={16} aria-hidden className={classes.titleIcon} />
          {t("ai.title")}
        </Text>
        <AiUnavailable reason={blocked} admin={ai.admin} />
      </section>
    );
  }

  return (
    <details
      ref={details}
      id="ai"
      className={classes.panel}
      open={open}
      onToggle={(event) => {
        const now = event.currentTarget.open;
        setOpen(now);
        if (!now) clear();
      }}
      data-testid="ai-panel"
      data-mode={mode}
    >
      <summary className={classes.summary} data-testid="ai-summary">
        <span className={classes.summaryTitle}>
          <IconSparkles size={16} aria-hidden className={classes.titleIcon} />
          {t("ai.title")}
        </span>{" "}
        <Text span size="sm" c="dimmed">
          {t("ai.summaryHint")}
        </Text>
      </summary>

      {blocked ? (
        <Box mt="sm">
          <AiUnavailable reason={blocked} admin={ai.admin} />
        </Box>
      ) : null}

      {/* The server writes the form closed too (the browser opens it without JS); once alive, only while open. */}
      {!ai.proposal && !generating && (open || !hydrated) ? (
        <Form method="post" preventScrollReset className={classes.form} data-testid="ai-form">
          <input type="hidden" name="updated_at" value={updatedAt} />
          <input type="hidden" name="intent" value="ai-generate" />
          <Stack gap="sm" mt="sm">
            <Text size="sm">{t("ai.intro")}</Text>
            {refusal?.errors._form ? (
              <Alert color="red" role="alert" data-testid="ai-error">
                {translateError(t, refusal.errors._form)}
                {refusal.errors._form === "ai.errors.exhausted" ? (
                  <>
                    {" "}
                    <Anchor component={Link} to="/credits" size="sm">
                      {t("ai.creditsLink")}
                    </Anchor>
                  </>
                ) : null}
              </Alert>
            ) : null}
            <fieldset className={`${classes.types} ${checkboxesWithin}`} aria-describedby={refusal?.errors.types ? "ai-types-error" : undefined}>
              <legend>{t("ai.typesLegend")}</legend>
              {ai.types.map((type) => (
                <NativeCheckbox
                  key={type}
                  name="types"
                  value={type}
                  label={t(`ai.types.${type}`)}
                  checked={selected.includes(type)}
                  onChange={() => setSelected((current) => toggleType(current, type))}
                  data-testid={`ai-type-${type}`}
                />
              ))}
              {refusal?.errors.types ? (
                <Text id="ai-types-error" c="red.8" size="sm" role="alert">
                  {translateError(t, refusal.errors.types)}
                </Text>
              ) : null}
            </fieldset>
            <Textarea
              name="instructions"
              label={t("ai.instructions")}
              description={t("ai.instructionsHint")}
              autosize
              minRows={2}
              maxRows={8}
              value={instructions}
              onChange={(event) => setInstructions(event.currentTarget.value)}
              error={translateError(t, refusal?.errors.instructions)}
              data-testid="ai-instructions"
            />
            <Text size="xs" c="dimmed">
              {t("ai.buttonsHint")}
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button type="submit" name="mode" value="add" variant="default" data-testid="ai-add">
                {t("ai.add")}
              </Button>
              <Button type="submit" name="mode" value="update" leftSection={<IconSparkles size={16} aria-hidden />} data-testid="ai-generate">
                {t("ai.generate")}
              </Button>
            </Group>
          </Stack>
        </Form>
      ) : null}

      {mode === "generating" ? (
        <Group gap="sm" mt="sm" role="status" data-testid="ai-loading">
          <Loader size="sm" />
          <Text>{t("ai.loading")}</Text>
        </Group>
      ) : null}

      {mode === "generated" && ai.proposal ? <AiProposalReview proposal={ai.proposal} updatedAt={updatedAt} error={refusal?.errors._form} /> : null}
    </details>
  );
}

function initialTypes(raw: unknown): ContentType[] {
  const values = Array.isArray(raw) ? raw : typeof raw === "string" ? [raw] : [];
  return values.reduce<ContentType[]>((list, v) => (typeof v === "string" && !list.includes(v as ContentType) ? toggleType(list, v as ContentType) : list), []);
}
