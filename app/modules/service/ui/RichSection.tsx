import { Text, TypographyStylesProvider } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { translateError } from "~/ui/forms";
import type { RichField } from "~/modules/service/service-sections";
import { RichTextField } from "./RichTextField";
import { ServiceSection, SectionForm } from "./ServiceSection";
import { resultFor, type ServiceAnswer } from "../types";
import { languageName, type FieldTranslation } from "~/modules/translations/translations";
import { NotTranslated, OutdatedTranslation } from "~/modules/translations/ui/ContentLanguageSwitch";
import translationClasses from "~/modules/translations/ui/translations.module.css";
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
  translation = null,
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
  /** Shown in a further content language (issue 37): its translation, if there is one. */
  translation?: { language: string; entry: FieldTranslation | null } | null;
}) {
  const { t, i18n } = useTranslation();
  const mine = resultFor(result, "rich", field);
  // A translation when there is one, else the original (greyed, marked "nicht übersetzt").
  const shown = translation?.entry ? translation.entry.value : html;
  const e = mine?.errors ?? {};
  return (
    <ServiceSection
      id={field}
      title={title}
      editOpen={Boolean(mine)}
      empty={!shown.trim()}
      form={
        canEdit ? (
          translation ? (
            <SectionForm
              intent="translation"
              updatedAt={updatedAt}
              errors={e}
              stale={e._form === "service.stale"}
              hidden={{ field, lang: translation.language, translation_version: translation.entry?.updatedAt ?? "" }}
            >
              <RichTextField
                key={`${translation.language}-${translation.entry?.updatedAt ?? ""}`}
                name="value"
                label={`${title} (${languageName(translation.language, i18n.language)})`}
                defaultValue={String(mine?.values?.value ?? translation.entry?.value ?? "")}
                error={translateError(t, e.value)}
              />
            </SectionForm>
          ) : (
            <SectionForm intent="rich" updatedAt={updatedAt} errors={e} stale={e._form === "service.stale"} hidden={{ field }}>
              <RichTextField key={updatedAt} name="value" label={title} defaultValue={String(mine?.values?.value ?? stored ?? "")} error={translateError(t, e.value)} />
            </SectionForm>
          )
        ) : undefined
      }
    >
      {translation?.entry?.outdated ? <OutdatedTranslation diff={translation.entry.sourceDiff} /> : null}
      {translation && !translation.entry && html.trim() ? <NotTranslated /> : null}
      {shown.trim() ? (
        <TypographyStylesProvider className={translation && !translation.entry ? `${classes.rich} ${translationClasses.untranslated}` : classes.rich} data-testid={`rich-${field}`}>
          {/* Sanitised on the server (app/server/sanitize.server.ts) before it gets here. */}
          <div dangerouslySetInnerHTML={{ __html: shown }} lang={translation?.entry ? translation.language : undefined} />
        </TypographyStylesProvider>
      ) : (
        <Text c="dimmed" size="sm">
          {t("service.empty")}
        </Text>
      )}
    </ServiceSection>
  );
}
