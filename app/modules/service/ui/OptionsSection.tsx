import { Box, Card, Group, Image, Stack, Text, Title, Typography } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatCosts } from "../children-format";
import { OptionForm } from "./children/OptionForm";
import { RowControls } from "./children/RowControls";
import { Disclosure, EmptyNote, SectionShell, type ChildSectionProps } from "./children/SectionShell";
import type { OptionItem } from "../children-types";

/** Rich text that was sanitised on save (and again when loaded). */
function Html({ html }: { html: string }) {
  return (
    <Typography fz="sm">
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}

/** The service's options (Optionen): name, article number, costs, texts and picture; editable for editors. */
export function OptionsSection({
  serviceId,
  updatedAt,
  canEdit,
  title,
  data,
}: ChildSectionProps<OptionItem[]>) {
  const { t, i18n } = useTranslation();
  return (
    <SectionShell id="options" title={title}>
      <>
        {data.length === 0 ? <EmptyNote>{t("servicechildren.options.empty")}</EmptyNote> : null}
        {data.map((option, index) => (
          <Card key={option.id} withBorder component="article" aria-labelledby={`option-${option.id}`} data-testid="option">
            <Group align="flex-start" wrap="nowrap" gap="md">
              {option.pictureUrl ? (
                <Image src={option.pictureUrl} alt={t("servicechildren.options.pictureAlt", { name: option.name })} w={96} h={96} fit="contain" radius="sm" />
              ) : null}
              <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                <Group justify="space-between" align="flex-start">
                  <Title order={3} size="h4" id={`option-${option.id}`}>
                    {option.name}
                  </Title>
                  {canEdit ? (
                    <RowControls
                      serviceId={serviceId}
                      updatedAt={updatedAt}
                      itemId={option.id}
                      name={option.name}
                      index={index}
                      count={data.length}
                      moveIntent="moveOption"
                      removeIntent="removeOption"
                    />
                  ) : null}
                </Group>
                <Group gap="lg">
                  {option.art_nr ? (
                    <Text size="sm">
                      {t("servicechildren.options.artNr")}: {option.art_nr}
                    </Text>
                  ) : null}
                  <Text size="sm" data-testid="option-costs">
                    {t("servicechildren.options.costs")}: {formatCosts(option.costs, i18n.language)}
                  </Text>
                </Group>
                {option.short_description ? <Html html={option.short_description} /> : null}
                {option.description ? (
                  <Box c="dimmed">
                    <Html html={option.description} />
                  </Box>
                ) : null}
              </Stack>
            </Group>
            {canEdit ? (
              <Disclosure summary={t("servicechildren.options.editNamed", { name: option.name })} editKey={`option-${option.id}`} section="options">
                <OptionForm serviceId={serviceId} updatedAt={updatedAt} option={option} />
              </Disclosure>
            ) : null}
          </Card>
        ))}
        {canEdit ? (
          <Disclosure summary={t("servicechildren.options.add")} testId="add-option" editKey="option-new" section="options">
            <OptionForm serviceId={serviceId} updatedAt={updatedAt} />
          </Disclosure>
        ) : null}
      </>
    </SectionShell>
  );
}
