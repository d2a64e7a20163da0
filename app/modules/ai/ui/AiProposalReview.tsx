import { Alert, Button, Group, Stack, Text, Title, TypographyStylesProvider } from "@mantine/core";
import { Form, useNavigation } from "@remix-run/react";
import { IconCheck, IconX } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { translateError } from "~/ui/forms";
import { VALUE_TYPES, type Proposal, type ValueChange } from "../ai";
import classes from "./ai.module.css";

/**
 * The generated content as a diff (spec 02 §3, issue 19 §3): each value as value → new_value with
 * its change, each new option and responsibility marked "new". Every item has its own form to
 * accept (saved at once, through the service's normal save) or discard it; two more do all.
 */
export function AiProposalReview({ proposal, updatedAt, error }: { proposal: Proposal; updatedAt: string; error?: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && String(navigation.formData?.get("intent") ?? "").startsWith("ai-");
  return (
    <Stack gap="md" mt="sm" data-testid="ai-review">
      <div>
        <Title order={3} size="h4">
          {t("ai.review.title")}
        </Title>
        <Text size="sm">{t("ai.review.intro")}</Text>
      </div>
      {error ? (
        <Alert color="red" role="alert" data-testid="ai-error">
          {translateError(t, error)}
        </Alert>
      ) : null}
      {VALUE_TYPES.map((type) => {
        const value = proposal.values[type];
        if (!value) return null;
        return (
          <Item key={type} itemKey={type} title={t(`ai.types.${type}`)} change={value.changed} updatedAt={updatedAt} busy={busy}>
            <div className={classes.diff}>
              <Html label={t("ai.review.before")} html={value.value} muted />
              <Html label={t("ai.review.after")} html={value.new_value} testId={`ai-new-${type}`} />
            </div>
          </Item>
        );
      })}
      {proposal.options.map((option) => (
        <Item key={option.id} itemKey={`options:${option.id}`} title={`${t("ai.types.options")}: ${option.name}`} change="created" updatedAt={updatedAt} busy={busy}>
          <Html label={t("ai.review.newOption")} html={option.description} testId="ai-new-option" />
          <Text size="sm" c="dimmed">
            {t("ai.review.costs", { costs: option.costs })}
          </Text>
        </Item>
      ))}
      {proposal.responsibilities.map((r) => (
        <Item key={r.id} itemKey={`responsibilities:${r.id}`} title={`${t("ai.types.responsibilities")}: ${r.description}`} change="created" updatedAt={updatedAt} busy={busy}>
          <Text size="sm" data-testid="ai-new-responsibility">
            {t("ai.review.newResponsibility")}: {r.description}
          </Text>
        </Item>
      ))}
      <Form method="post" preventScrollReset>
        <input type="hidden" name="updated_at" value={updatedAt} />
        <input type="hidden" name="all" value="1" />
        <Group justify="flex-end" gap="sm">
          <Button type="submit" name="intent" value="ai-discard" variant="default" leftSection={<IconX size={16} aria-hidden />} disabled={busy} data-testid="ai-discard-all">
            {t("ai.review.discardAll")}
          </Button>
          <Button type="submit" name="intent" value="ai-accept" leftSection={<IconCheck size={16} aria-hidden />} disabled={busy} data-testid="ai-accept-all">
            {t("ai.review.acceptAll")}
          </Button>
        </Group>
      </Form>
    </Stack>
  );
}

function Item({ itemKey, title, change, updatedAt, busy, children }: { itemKey: string; title: string; change: ValueChange | "created"; updatedAt: string; busy: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={classes.item} data-testid="ai-item" data-item={itemKey} data-changed={change}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600} className={classes.itemTitle}>
          {title}
        </Text>
        <span className={classes.change} data-changed={change} data-testid="ai-change">
          {t(`ai.changed.${change}`)}
        </span>
      </Group>
      {children}
      {change !== "no" ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="updated_at" value={updatedAt} />
          <input type="hidden" name="item" value={itemKey} />
          <Group justify="flex-end" gap="xs" mt="xs">
            <Button type="submit" name="intent" value="ai-discard" size="xs" variant="default" disabled={busy} aria-label={t("ai.review.discardItem", { name: title })} data-testid="ai-discard">
              {t("ai.review.discard")}
            </Button>
            <Button type="submit" name="intent" value="ai-accept" size="xs" disabled={busy} aria-label={t("ai.review.acceptItem", { name: title })} data-testid="ai-accept">
              {t("ai.review.accept")}
            </Button>
          </Group>
        </Form>
      ) : null}
    </div>
  );
}

function Html({ label, html, muted, testId }: { label: string; html: string | null; muted?: boolean; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className={muted ? classes.before : classes.after}>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase">
        {label}
      </Text>
      {html ? (
        <TypographyStylesProvider className={classes.html} data-testid={testId}>
          {/* Sanitised on the server (service-ai.server.ts) before it gets here. */}
          <div dangerouslySetInnerHTML={{ __html: html }} />
        </TypographyStylesProvider>
      ) : (
        <Text size="sm" c="dimmed" data-testid={testId}>
          {t("ai.review.empty")}
        </Text>
      )}
    </div>
  );
}
