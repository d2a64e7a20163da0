import { Alert, Anchor, Button, Checkbox, Group, List, NativeSelect, TextInput } from "@mantine/core";
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "~/lib/dates";
import { translateError } from "~/ui/forms";
import { SERVICE_STAGES, type StagePanel } from "../service-stage";
import { resultFor, type ServiceAnswer } from "../types";
import { ServiceSection, SectionForm } from "./ServiceSection";
import { useServiceHrefs } from "./service-hrefs";
import classes from "./service.module.css";

/**
 * The lifecycle stage (issue 36 §2): pipeline, live or retired, a retired service's day and
 * successor. The successor is found by a search (a GET submit of this form, so it works without JS);
 * retiring a service that live services still require names them first and asks to confirm.
 */
export function StageSection({ panel, updatedAt, canEdit, result }: { panel: StagePanel; updatedAt: string; canEdit: boolean; result?: ServiceAnswer }) {
  const { t, i18n } = useTranslation();
  const hrefs = useServiceHrefs();
  const location = useLocation();
  const mine = resultFor(result, "stage");
  const e = mine?.errors ?? {};
  const typed: Partial<Record<string, unknown>> = mine?.values ?? panel.draft ?? {};
  const stage = String(typed.stage ?? panel.stage);
  const successor = String(typed.successor_id ?? panel.successor?.id ?? "");
  const retiredAt = String(typed.retired_at ?? panel.retiredAt ?? "");
  const choices = [...(panel.successor ? [panel.successor] : []), ...panel.successors.filter((s) => s.id !== panel.successor?.id)];
  return (
    <ServiceSection
      id="stage"
      title={t("service.stage.title")}
      editOpen={Boolean(mine) || panel.succq !== null}
      form={
        canEdit ? (
          <SectionForm key={updatedAt} intent="stage" updatedAt={updatedAt} errors={e} stale={e._form === "service.stale"}>
            {mine?.requiredBy?.length ? (
              <Alert color="orange" role="alert" data-testid="stage-required-by">
                {t("service.stage.requiredByList")}
                <List size="sm" mt={4}>
                  {mine.requiredBy.map((s) => (
                    <List.Item key={s.id}>
                      <Anchor component={Link} to={hrefs.service(s.id)} size="sm">
                        {s.name}
                      </Anchor>
                    </List.Item>
                  ))}
                </List>
                <Checkbox mt="xs" name="confirm" value="on" label={t("service.stage.confirm")} data-testid="stage-confirm" />
              </Alert>
            ) : null}
            <NativeSelect
              name="stage"
              label={t("service.stage.field")}
              defaultValue={stage}
              data={SERVICE_STAGES.map((s) => ({ value: s, label: t(`catalogue.stages.${s}`) }))}
              error={translateError(t, e.stage)}
            />
            <TextInput
              type="date"
              name="retired_at"
              label={t("service.stage.retiredAt")}
              description={t("service.stage.retiredAtHint")}
              defaultValue={retiredAt}
              error={translateError(t, e.retired_at)}
            />
            {/* Native radios: Mantine's Radio would add its chunk to every service page for this one form. */}
            <fieldset className={classes.choices}>
              <legend>{t("service.stage.successor")}</legend>
              <p className={classes.reviewInterval}>{t("service.stage.successorHint")}</p>
              {[{ id: "", name: t("service.stage.noSuccessor") }, ...choices].map((s) => (
                <label key={s.id} className={classes.choice}>
                  <input type="radio" name="successor_id" value={String(s.id)} defaultChecked={String(s.id) === successor} />
                  <span>{s.name}</span>
                </label>
              ))}
              {e.successor_id ? (
                <p className={classes.choiceError} role="alert">
                  {translateError(t, e.successor_id)}
                </p>
              ) : null}
            </fieldset>
            <Group align="flex-end" gap="xs">
              <TextInput name="succq" type="search" label={t("service.stage.search")} defaultValue={panel.succq ?? ""} data-testid="succq-search" />
              <Button type="submit" variant="default" formMethod="get" formAction={`${location.pathname}#stage`} formNoValidate>
                {t("service.picker.search")}
              </Button>
            </Group>
            {panel.succq !== null && panel.succq.trim().length >= 2 && !panel.successors.length ? <p className={classes.reviewInterval}>{t("service.stage.noMatch")}</p> : null}
          </SectionForm>
        ) : undefined
      }
    >
      <dl className={classes.fields}>
        <div>
          <dt>{t("service.stage.field")}</dt>
          <dd data-testid="service-stage">{t(`catalogue.stages.${panel.stage}`)}</dd>
        </div>
        {panel.stage === "retired" ? (
          <>
            <div>
              <dt>{t("service.stage.retiredAt")}</dt>
              <dd data-testid="service-retired-at">{panel.retiredAt ? formatDate(`${panel.retiredAt}T12:00:00Z`, i18n.language) : t("service.none")}</dd>
            </div>
            <div>
              <dt>{t("service.stage.successor")}</dt>
              <dd data-testid="service-successor">
                {panel.successor ? (
                  <Anchor component={Link} to={hrefs.service(panel.successor.id)}>
                    {panel.successor.name}
                  </Anchor>
                ) : (
                  t("service.none")
                )}
              </dd>
            </div>
          </>
        ) : null}
      </dl>
    </ServiceSection>
  );
}
