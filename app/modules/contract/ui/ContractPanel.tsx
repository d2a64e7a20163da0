import { Alert, Box, Button, Group, Stack, Text, TextInput, Title, VisuallyHidden } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/dates";
import { FormAlert } from "~/ui/FormAlert";
import { useEntryForm } from "~/ui/entry-form";
import { useReadBack } from "~/ui/read-back";
import { fieldError, formError, useSchemaForm, type FormReply } from "~/ui/form/use-schema-form";
import { berlinZone, type ContractPageData, type ContractStatus, type ContractText } from "../contract";
import { CONTRACT_NAME_MAX } from "../contract-limits";
import type { AcceptContractSchema } from "../contract-schema";

/**
 * /settings/contract — the data-processing agreement (spec 01 §2 "Contract screen"), then its
 * acceptance: a name and "Accept" until someone accepted it, afterwards who and when, read-only.
 * Takes its data only through `data`: the settings dialog renders it from a fetcher.
 */
export function ContractPanel({ data }: { data: ContractPageData }) {
  const { t } = useTranslation();
  const { status, text } = data;
  return (
    <Stack gap="md" maw="48rem" data-testid="contract-panel">
      <Title order={2}>{t("contract.title")}</Title>
      <Text size="sm">{t("contract.intro")}</Text>
      <StatusLine status={status} />
      <ContractBody text={text} status={status} />
      <Acceptance status={status} />
    </Stack>
  );
}

function StatusLine({ status }: { status: ContractStatus }) {
  const { t } = useTranslation();
  if (status.accepted === null) {
    return (
      <Alert color="yellow" role="status" data-testid="contract-status-unknown">
        {t("contract.status.unknown")}
      </Alert>
    );
  }
  return (
    <Text size="sm" fw={600} data-testid="contract-status">
      {status.accepted ? t("contract.status.accepted") : t("contract.status.open")}
    </Text>
  );
}

/**
 * Sections as "§ n" headings with numbered paragraphs, at a reading width. Once accepted, the
 * document ends with who accepted it and when: § 10 (2) promises that name and time "are shown".
 */
function ContractBody({ text, status }: { text: ContractText; status: ContractStatus }) {
  const { t, i18n } = useTranslation();
  return (
    <Box component="article" aria-label={t("contract.textLabel")} data-testid="contract-text">
      <Text component="p" fw={700} size="lg" mt={0} mb="sm">
        {text.title}
      </Text>
      {text.preamble.map((paragraph, i) => (
        <Text key={i} component="p" size="sm" mt={0} mb="sm">
          {paragraph}
        </Text>
      ))}
      {text.sections.map((section, i) => (
        <Box component="section" key={i} aria-labelledby={`contract-section-${i + 1}`} mt="lg">
          <Title order={3} size="h4" id={`contract-section-${i + 1}`} mb="xs">
            {t("contract.sectionHeading", { number: i + 1, title: section.title })}
          </Title>
          {section.paragraphs.map((paragraph, j) => (
            <Text key={j} component="p" size="sm" mt={0} mb="xs">
              {t("contract.paragraph", { number: j + 1, text: paragraph })}
            </Text>
          ))}
        </Box>
      ))}
      {status.accepted ? (
        <Text component="p" size="sm" fw={600} mt="lg" mb={0} data-testid="contract-signature">
          {acceptedLine(t, i18n.language, status, "contract.signature")}
        </Text>
      ) : null}
    </Box>
  );
}

/** Name, Berlin date and time, and MEZ/MESZ (CET/CEST) in one of the acceptance's texts. */
function acceptedLine(t: TFunction, language: string, status: ContractStatus, key: "contract.signature" | "contract.acceptedValue") {
  const at = status.acceptedAt ?? "";
  return t(key, { name: status.acceptedBy ?? "", date: formatDateTime(at, language), zone: t(`contract.zones.${berlinZone(at)}`) });
}

type Entry = ReturnType<typeof useEntryForm<FormReply>>;

/**
 * The form while the contract is open; who accepted it once it is. A refusal stays visible in
 * both: when someone else accepted in the meantime, the page shows their acceptance and says why
 * this one was refused.
 */
function Acceptance({ status }: { status: ContractStatus }) {
  const entry = useEntryForm<FormReply>("/settings/contract");
  if (!status.accepted) return <AcceptForm entry={entry} />;
  return (
    <Stack gap="sm">
      <FormAlert error={formError(entry.result)} />
      <Accepted status={status} />
    </Stack>
  );
}

/** Who accepted and when (Berlin time, labelled MEZ/MESZ), read-only, with a green check. */
function Accepted({ status }: { status: ContractStatus }) {
  const { t, i18n } = useTranslation();
  const value = acceptedLine(t, i18n.language, status, "contract.acceptedValue");
  return (
    <TextInput
      label={t("contract.acceptedBy")}
      value={value}
      readOnly
      leftSection={
        <>
          <IconCircleCheck size={20} color="var(--mantine-color-green-8)" aria-hidden="true" data-testid="contract-accepted-icon" />
          <VisuallyHidden>{t("contract.acceptedIcon")}</VisuallyHidden>
        </>
      }
      data-testid="contract-accepted-by"
    />
  );
}

/**
 * The name and "Accept". With JS the button stays disabled while the name is empty (spec 01 §5);
 * without JS it is always enabled, so the server's refusal can explain itself beside the field.
 */
function AcceptForm({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  const { Form, action, result, busy } = entry;
  const [form, fields] = useSchemaForm<typeof AcceptContractSchema>(result, { id: "contract-accept" });
  const [name, setName] = useState(() => String(fields.name.initialValue ?? ""));
  const nameField = useReadBack<HTMLInputElement>((input) => setName(input.value));
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <Box component="section" aria-labelledby="contract-accept-heading">
      <Title order={3} size="h4" id="contract-accept-heading" mb="xs">
        {t("contract.acceptHeading")}
      </Title>
      <Form method="post" action={action} id={form.id} onSubmit={form.onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t("contract.acceptHint")}</Text>
          <FormAlert error={form.errors?.[0]} />
          <TextInput
            name={fields.name.name}
            label={t("contract.name")}
            description={t("contract.nameDescription")}
            ref={nameField}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={fieldError(t, fields.name.errors)}
            autoComplete="name"
            maxLength={CONTRACT_NAME_MAX}
            required
            maw="28rem"
            data-testid="contract-name"
          />
          <Group>
            <Button type="submit" loading={busy} disabled={hydrated && name.trim() === ""} data-testid="contract-accept">
              {t("contract.accept")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Box>
  );
}
