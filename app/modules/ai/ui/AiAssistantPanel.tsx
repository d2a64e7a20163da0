import { Alert, Anchor, Button, Card, Group, Loader, Stack, Switch, Text, Textarea, Title } from "@mantine/core";
import { Form, Link, useNavigation } from "@remix-run/react";
import { IconSparkles } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ServiceAnswer } from "~/modules/service/types";
import { NativeCheckbox, checkboxesWithin } from "~/ui/NativeCheckbox";
import { answerFields } from "~/ui/form/answer";
import { translateError } from "~/ui/forms";
import type { AiMode, ContentType } from "../ai";
import type { AiPanelData } from "../service-ai.server";
import { toggleType } from "../proposal";
import { AiProposalReview } from "./AiProposalReview";
import classes from "./ai.module.css";

/**
 * The assistant on the service page (spec 02 §4, issue 19 §2): modes default → edit →
 * generating → generated. The switch (without JS a link, `?ai=edit`) opens edit mode: the six
 * content types, extra instructions and the two buttons — shown only outside generating and
 * generated. Leaving edit mode clears the choice and the input. A proposal kept on the server
 * is the generated mode; when nothing of it remains, default mode returns.
 */
export function AiAssistantPanel({ ai, updatedAt, result }: { ai: AiPanelData; updatedAt: string; result?: ServiceAnswer }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const refusal = result?.target === "ai" ? answerFields(result) : undefined;
  const typed = result?.target === "ai" ? (result.initialValue as Record<string, unknown> | undefined) : undefined;
  const [hydrated, setHydrated] = useState(false);
  const [editing, setEditing] = useState(ai.editing || Boolean(refusal));
  const [selected, setSelected] = useState<ContentType[]>(() => initialTypes(typed?.types));
  const [instructions, setInstructions] = useState(typeof typed?.instructions === "string" ? typed.instructions : "");
  useEffect(() => setHydrated(true), []);

  const leaveEdit = () => {
    setEditing(false);
    setSelected([]);
    setInstructions("");
  };
  // Spec 02 §4: when nothing of a proposal remains, edit mode is cleared and default mode returns.
  const hadProposal = useRef(Boolean(ai.proposal));
  useEffect(() => {
    if (hadProposal.current && !ai.proposal) {
      setEditing(false);
      setSelected([]);
      setInstructions("");
    }
    hadProposal.current = Boolean(ai.proposal);
  }, [ai.proposal]);
  // A refused generation keeps the form open with what was sent.
  useEffect(() => {
    if (result?.target === "ai") setEditing(true);
  }, [result]);

  const generating = navigation.state !== "idle" && navigation.formData?.get("intent") === "ai-generate";
  const mode: AiMode = ai.proposal ? "generated" : generating ? "generating" : editing ? "edit" : "default";
  const blocked = ai.status.reason;

  return (
    <Card withBorder component="section" id="ai" aria-labelledby="ai-title" className={classes.panel} data-testid="ai-panel" data-mode={mode}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} size="h3" id="ai-title">
          <IconSparkles size={20} aria-hidden className={classes.titleIcon} />
          {t("ai.title")}
        </Title>
        {mode === "default" || mode === "edit" ? (
          hydrated ? (
            <Switch
              checked={editing}
              onChange={(event) => (event.currentTarget.checked ? setEditing(true) : leaveEdit())}
              label={t("ai.editSwitch")}
              disabled={Boolean(blocked) && !editing}
              data-testid="ai-edit-switch"
            />
          ) : blocked ? null : (
            <Anchor component={Link} to={editing ? "?" : "?ai=edit#ai"} preventScrollReset size="sm" data-testid="ai-edit-link">
              {t(editing ? "ai.closeEdit" : "ai.openEdit")}
            </Anchor>
          )
        ) : null}
      </Group>

      {blocked && mode !== "generated" ? (
        <Alert color={blocked === "exhausted" ? "orange" : "gray"} mt="sm" data-testid="ai-blocked">
          {t(`ai.errors.${blocked}`)}{" "}
          {blocked !== "notConfigured" ? (
            <Anchor component={Link} to="/credits" size="sm">
              {t("ai.creditsLink")}
            </Anchor>
          ) : null}
        </Alert>
      ) : null}

      {mode === "edit" ? (
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
    </Card>
  );
}

function initialTypes(raw: unknown): ContentType[] {
  const values = Array.isArray(raw) ? raw : typeof raw === "string" ? [raw] : [];
  return values.reduce<ContentType[]>((list, v) => (typeof v === "string" && !list.includes(v as ContentType) ? toggleType(list, v as ContentType) : list), []);
}
