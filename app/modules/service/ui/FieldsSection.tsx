import { Checkbox, SimpleGrid, TextInput, Textarea, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { translateError } from "~/ui/forms";
import { ServiceSection, SectionForm } from "./ServiceSection";
import { resultFor, type ServiceAnswer } from "../types";
import classes from "./service.module.css";

const LONG = new Set(["restriction", "cancelling", "reporting", "serviceprovidercontract", "plannedchanges", "personaldata", "personaldatatransfer", "costs"]);

/** A group of a section's fields; a titled group is shown under its own heading. */
export interface FieldGroup {
  key: string;
  title?: string;
  texts: readonly string[];
  flags: readonly string[];
}

/** A section of plain fields and yes/no flags (details with costs, personal data), in groups. */
export function FieldsSection({
  id,
  intent,
  title,
  groups,
  service,
  canEdit,
  result,
}: {
  id: string;
  intent: "details" | "personaldata";
  title: string;
  groups: readonly FieldGroup[];
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
            {groups.map((group) => (
              <fieldset key={group.key} className={classes.fieldGroup}>
                {group.title ? <legend>{group.title}</legend> : null}
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  {group.texts.map((f) => {
                    const props = {
                      name: f,
                      label: t(`service.fields.${f}`),
                      defaultValue: String(v[f] ?? ""),
                      error: translateError(t, e[f]),
                    };
                    return LONG.has(f) ? <Textarea key={`${f}-${service.updated_at}`} {...props} autosize minRows={2} /> : <TextInput key={`${f}-${service.updated_at}`} {...props} />;
                  })}
                </SimpleGrid>
                {group.flags.map((f) => (
                  <Checkbox key={`${f}-${service.updated_at}`} name={f} value="on" label={t(`service.fields.${f}`)} defaultChecked={flagOn(f)} mt="xs" />
                ))}
              </fieldset>
            ))}
          </SectionForm>
        ) : undefined
      }
    >
      <section data-testid={`fields-${id}`}>
        {groups.map((group) => (
          <section key={group.key} aria-labelledby={group.title ? `${id}-${group.key}` : undefined} data-testid={`fields-${id}-${group.key}`}>
            {group.title ? (
              <Title order={3} size="h5" mt="xs" mb={4} id={`${id}-${group.key}`}>
                {group.title}
              </Title>
            ) : null}
            <dl className={classes.fields}>
              {group.flags.map((f) => (
                <div key={f}>
                  <dt>{t(`service.fields.${f}`)}</dt>
                  <dd>{Number(service[f]) === 1 ? t("service.yes") : t("service.no")}</dd>
                </div>
              ))}
              {group.texts.map((f) => (
                <div key={f}>
                  <dt>{t(`service.fields.${f}`)}</dt>
                  <dd>{service[f] ? String(service[f]) : t("service.none")}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </section>
    </ServiceSection>
  );
}
