import { Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { translateError } from "~/ui/forms";
import { languageName, type FieldTranslation } from "~/modules/translations/translations";
import { NotTranslated, OutdatedTranslation } from "~/modules/translations/ui/ContentLanguageSwitch";
import translationClasses from "~/modules/translations/ui/translations.module.css";
import { resultFor, type ServiceAnswer } from "../types";
import { SectionForm, ServiceSection } from "./ServiceSection";

/**
 * The service's name in a further content language (issue 37 §2): shown in the header when
 * translated; here the translation, or the original marked, and for editors the same kind of form.
 */
export function NameTranslation({ name, language, entry, updatedAt, canEdit, result }: { name: string; language: string; entry: FieldTranslation | null; updatedAt: string; canEdit: boolean; result?: ServiceAnswer }) {
  const { t, i18n } = useTranslation();
  const mine = resultFor(result, "rich", "name");
  const e = mine?.errors ?? {};
  const label = `${t("service.fields.name")} (${languageName(language, i18n.language)})`;
  return (
    <ServiceSection
      id="name-translation"
      title={label}
      editOpen={Boolean(mine)}
      form={
        canEdit ? (
          <SectionForm intent="translation" updatedAt={updatedAt} errors={e} stale={e._form === "service.stale"} hidden={{ field: "name", lang: language, translation_version: entry?.updatedAt ?? "" }}>
            <TextInput key={`${language}-${entry?.updatedAt ?? ""}`} name="value" label={label} defaultValue={String(mine?.values?.value ?? entry?.value ?? "")} error={translateError(t, e.value)} />
          </SectionForm>
        ) : undefined
      }
    >
      {entry?.outdated ? <OutdatedTranslation diff={entry.sourceDiff} /> : null}
      {entry ? (
        <Text lang={language} data-testid="name-translation">
          {entry.value}
        </Text>
      ) : (
        <>
          <NotTranslated />
          <Text className={translationClasses.untranslated} data-testid="name-translation">
            {name}
          </Text>
        </>
      )}
    </ServiceSection>
  );
}
