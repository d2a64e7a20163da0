import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { answerFields, type FormReply } from "~/lib/form-answer";
import { translateError } from "~/ui/forms";
import type { releasesLoader } from "../releases-page.server";
import type { CustomerViewSchema } from "../releases-schema";
import type { z } from "zod";
import classes from "./releases.module.css";

type Customers = Awaited<ReturnType<typeof releasesLoader>>["customers"];

const FIELD: keyof z.input<typeof CustomerViewSchema> = "customerView";

/**
 * "Kunden sehen: Arbeitsstand | letzte Veröffentlichung" (issue 35 §6): the setting for publishers,
 * what it gives for everyone. Two radios cannot be filled wrongly: only a forged post is refused,
 * so the page reads the refusal without conform's runtime (the list stays light).
 */
export function CustomerViewForm({ customers, canPublish }: { customers: Customers; canPublish: boolean }) {
  const { t } = useTranslation();
  const reply = useActionData<FormReply>();
  const { errors } = reply ? answerFields(reply) : { errors: {} as Partial<Record<string, string>> };
  const error = translateError(t, errors[FIELD] ?? errors._form);
  const busy = useNavigation().formAction === "/servicecatalog/releases";
  const now = customers.release ? t("releases.customers.nowRelease", { label: customers.release.label }) : t(customers.view === "release" ? "releases.customers.nowNoRelease" : "releases.customers.nowWorking");
  return (
    <Paper withBorder p="md" radius="md" data-testid="customer-view">
      {canPublish ? (
        <Form method="post" noValidate preventScrollReset>
          <Stack gap="xs">
            {/* Native radios: Mantine's Radio would add its input chunks (6 KB) to a page without another input. */}
            <fieldset className={classes.choice} aria-describedby="customer-view-hint">
              <legend className={classes.choiceLegend}>{t("releases.customers.label")}</legend>
              <Text size="xs" c="dimmed" id="customer-view-hint">
                {t("releases.customers.hint")}
              </Text>
              <Group gap="lg" mt={6}>
                {(["release", "working"] as const).map((view) => (
                  <label key={view} className={classes.choiceOption}>
                    <input type="radio" name={FIELD} value={view} defaultChecked={customers.view === view} data-testid={`customer-view-${view}`} />
                    {t(`releases.customers.${view}`)}
                  </label>
                ))}
              </Group>
              {error ? (
                <Text size="sm" c="red.8" role="alert">
                  {error}
                </Text>
              ) : null}
            </fieldset>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm" data-testid="customer-view-now">
                {now}
              </Text>
              <Button type="submit" variant="default" size="xs" loading={busy} data-testid="customer-view-save">
                {t("app.save")}
              </Button>
            </Group>
          </Stack>
        </Form>
      ) : (
        <Text size="sm" data-testid="customer-view-now">
          {t("releases.customers.label")}: {now}
        </Text>
      )}
    </Paper>
  );
}
