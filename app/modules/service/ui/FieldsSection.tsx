import { Checkbox, SimpleGrid, TextInput, Textarea } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { translateError } from "~/ui/forms";
import { ServiceSection, SectionForm } from "./ServiceSection";
import { resultFor, type ServiceAnswer } from "../types";
import classes from "./service.module.css";

const LONG = new Set(["restriction", "cancelling", "reporting", "serviceprovidercontract", "plannedchanges", "personaldata", "personaldatatransfer", "costs"]);

/** A section of plain fields and yes/no flags (details with costs, personal data). */
export function FieldsSection({
  id,
  intent,
  title,
  texts,
  flags,
  service,
  canEdit,
  result,
}: {
  id: string;
  intent: "details" | "personaldata";
  title: string;
  texts: readonly string[];
  flags: readonly string[];
  service: Record<string, unknown> & { updated_at: string };
  canEdit: boolean;
  result?: ServiceAnswer;
}) {
  const { t } = useTranslation();
  const mine = resultFor(result, intent);
  const v = (mine?.values ?? service) as Record<string, unknown>;
  const e = mine?.errors ?? {};
  const flagOn = (f: string) => Number(v[f]) === 1 || v[f] === "on";
  return (
    <ServiceSection
      id={id}
      title={title}
      editOpen={Boolean(mine)}
      form={
        canEdit ? (
          <SectionForm intent={intent} updatedAt={service.updated_at} errors={e} stale={e._form === "service.stale"}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {texts.map((f) => {
                const props = {
                  name: f,
                  label: t(`service.fields.${f}`),
                  defaultValue: String(v[f] ?? ""),
                  error: translateError(t, e[f]),
                };
                return LONG.has(f) ? <Textarea key={`${f}-${service.updated_at}`} {...props} autosize minRows={2} /> : <TextInput key={`${f}-${service.updated_at}`} {...props} />;
              })}
            </SimpleGrid>
            {flags.map((f) => (
              <Checkbox key={`${f}-${service.updated_at}`} name={f} value="on" label={t(`service.fields.${f}`)} defaultChecked={flagOn(f)} />
            ))}
          </SectionForm>
        ) : undefined
      }
    >
      <dl className={classes.fields} data-testid={`fields-${id}`}>
        {flags.map((f) => (
          <div key={f}>
            <dt>{t(`service.fields.${f}`)}</dt>
            <dd>{Number(service[f]) === 1 ? t("service.yes") : t("service.no")}</dd>
          </div>
        ))}
        {texts.map((f) => (
          <div key={f}>
            <dt>{t(`service.fields.${f}`)}</dt>
            <dd>{service[f] ? String(service[f]) : t("service.none")}</dd>
          </div>
        ))}
      </dl>
    </ServiceSection>
  );
}
