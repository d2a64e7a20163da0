import { Text, TypographyStylesProvider } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { translateError } from "~/ui/forms";
import type { RichField } from "~/modules/service/service-sections";
import { RichTextField } from "./RichTextField";
import { ServiceSection, SectionForm } from "./ServiceSection";
import { resultFor, type ServiceAnswer } from "../types";
import classes from "./service.module.css";

/** One rich-text field (short description, description, scope, benefits) with its own form. */
export function RichSection({
  field,
  title,
  html,
  stored,
  updatedAt,
  canEdit,
  result,
}: {
  field: RichField;
  title: string;
  /** Sanitised HTML to show. */
  html: string;
  /** The stored HTML the editor starts from. */
  stored: string | null;
  updatedAt: string;
  canEdit: boolean;
  result?: ServiceAnswer;
}) {
  const { t } = useTranslation();
  const mine = resultFor(result, "rich", field);
  const e = mine?.errors ?? {};
  return (
    <ServiceSection
      id={field}
      title={title}
      editOpen={Boolean(mine)}
      empty={!html.trim()}
      form={
        canEdit ? (
          <SectionForm intent="rich" updatedAt={updatedAt} errors={e} stale={e._form === "service.stale"} hidden={{ field }}>
            <RichTextField key={updatedAt} name="value" label={title} defaultValue={String(mine?.values?.value ?? stored ?? "")} error={translateError(t, e.value)} />
          </SectionForm>
        ) : undefined
      }
    >
      {html.trim() ? (
        <TypographyStylesProvider className={classes.rich} data-testid={`rich-${field}`}>
          {/* Sanitised on the server (app/server/sanitize.server.ts) before it gets here. */}
          <div dangerouslySetInnerHTML={{ __html: html }} />
        </TypographyStylesProvider>
      ) : (
        <Text c="dimmed" size="sm">
          {t("service.empty")}
        </Text>
      )}
    </ServiceSection>
  );
}
