import { Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useEntryForm } from "~/ui/entry-form";
import { FormAlert } from "~/ui/FormAlert";
import { answerFields, answerFor, type FormAnswer } from "~/lib/form-answer";
import { translateError } from "~/ui/forms";
import type { Headline } from "../headlines.server";

/**
 * /admin/serviceheadlines — the 11 positions: the initial text, the built-in heading readers see in
 * their language, and the custom text (one form per row; empty or "reset" = the built-in heading).
 * A custom text is shown as written, in both languages (decision 0023).
 */
export function HeadlinesPage({ headlines, heading = 1 }: { headlines: Headline[]; heading?: 1 | 2 }) {
  const { t } = useTranslation();
  const { Form, action, result: answer } = useEntryForm<FormAnswer>("/admin/serviceheadlines");
  const navigation = useNavigation();
  return (
    <Stack gap="md" maw={960}>
      <Title order={heading} size={heading === 2 ? "h3" : undefined}>
        {t("headlines.title")}
      </Title>
      <Text size="sm" c="dimmed">
        {t("headlines.intro")}
      </Text>
      <Stack gap="sm" component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label={t("headlines.title")}>
        {headlines.map((h) => {
          const mine = answerFor(answer, String(h.position));
          const refused = mine ? answerFields(mine) : undefined;
          const busy = navigation.state === "submitting" && navigation.formData?.get("position") === String(h.position);
          const builtIn = t(`service.headlines.${h.position}`);
          return (
            <Card key={h.id} component="li" withBorder padding="sm" id={`headline-${h.position}`} data-testid={`headline-${h.position}`}>
              <Form method="post" action={action} preventScrollReset aria-label={t("headlines.rowLabel", { position: h.position })}>
                <input type="hidden" name="position" value={h.position} />
                <Stack gap="xs">
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600}>{t("headlines.position", { position: h.position })}</Text>
                    <Text size="sm" c="dimmed">
                      {/* The stored initial text is the German heading; readers get it in their language. */}
                      {t("headlines.initial")}: {builtIn}
                    </Text>
                  </Group>
                  <FormAlert error={refused?.errors._form} />
                  <Group align="flex-end" gap="xs" wrap="wrap">
                    <TextInput
                      key={`${h.position}-${h.headline_text_custom ?? ""}`}
                      name="custom"
                      label={t("headlines.custom")}
                      description={h.headline_text_custom ? t("headlines.customShown") : t("headlines.builtInShown", { text: builtIn })}
                      placeholder={builtIn}
                      defaultValue={refused?.values?.custom ?? h.headline_text_custom ?? ""}
                      error={translateError(t, refused?.errors.custom ?? refused?.errors.position)}
                      maxLength={120}
                      style={{ flex: "1 1 240px" }}
                      data-testid={`headline-custom-${h.position}`}
                    />
                    <Group gap="xs" wrap="nowrap">
                      <Button type="submit" name="intent" value="save" loading={busy && navigation.formData?.get("intent") === "save"} data-testid={`headline-save-${h.position}`}>
                        {t("headlines.save")}
                      </Button>
                      <Button
                        type="submit"
                        name="intent"
                        value="reset"
                        variant="default"
                        disabled={!h.headline_text_custom}
                        loading={busy && navigation.formData?.get("intent") === "reset"}
                        aria-label={t("headlines.resetLabel", { position: h.position })}
                        data-testid={`headline-reset-${h.position}`}
                      >
                        {t("headlines.reset")}
                      </Button>
                    </Group>
                  </Group>
                </Stack>
              </Form>
            </Card>
          );
        })}
      </Stack>
    </Stack>
  );
}

/** The Serviceüberschriften entry of the settings: the same rows. */
export function HeadlinesPanel({ data }: { data: { headlines: Headline[] } }) {
  return <HeadlinesPage headlines={data.headlines} heading={2} />;
}
