import { Alert, SimpleGrid, Stack } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { answerFor, useSchemaForm, type FormAnswer } from "~/ui/form/use-schema-form";
import { appBarStyle, normaliseAppBar, type AppBarSettings } from "../app-bar";
import { appBarContrast } from "../appearance";
import type { AppBarSchema } from "../appearance-schema";
import { ACTION, SaveRow, autosaveErrors, useAutosave } from "./autosave";
import { AppearanceSection, ColourField, DegreeField, OpacityField } from "./fields";
import classes from "./appearance.module.css";
import { useEntryForm } from "~/ui/entry-form";

const INTENT = "appBar";
type Values = Record<keyof AppBarSettings, string>;

function toValues(settings: AppBarSettings, typed?: Record<string, unknown>): Values {
  const pick = (key: keyof AppBarSettings) => (typed && typeof typed[key] === "string" ? (typed[key] as string) : String(settings[key]));
  return {
    appBarColor1: pick("appBarColor1"),
    appBarColor2: pick("appBarColor2"),
    appBarGradientDegree: pick("appBarGradientDegree"),
    appBarOpacity1: pick("appBarOpacity1"),
    appBarOpacity2: pick("appBarOpacity2"),
  };
}

/** The app bar's colours, angle and opacities with a live preview and its contrast (spec 01 §2, 02 §3). */
export function AppBarSection({ settings, logoUrl, loadError }: { settings: AppBarSettings; logoUrl: string | null; loadError?: string }) {
  const { Form, action, result: answer } = useEntryForm<FormAnswer>(ACTION);
  const { t, i18n } = useTranslation();
  const reply = answerFor(answer, INTENT);
  const [form, fields] = useSchemaForm<typeof AppBarSchema>(reply, { id: "appearance-app-bar" });
  const [values, setValues] = useState<Values>(() => toValues(settings, reply?.initialValue as Record<string, unknown> | undefined));
  const fetcher = useAutosave(INTENT, values);
  const fetched = autosaveErrors(fetcher.data);
  const errorsOf = (name: keyof Values) => fetched?.[name] ?? fields[name].errors ?? undefined;
  const set = (name: keyof Values) => (value: string) => setValues((v) => ({ ...v, [name]: value }));

  const normalised = normaliseAppBar(values);
  const style = appBarStyle(normalised);
  const contrast = appBarContrast(normalised);
  const format = (n: number) => n.toLocaleString(i18n.language, { maximumFractionDigits: 2 });
  const ratios = { first: format(contrast.ratios[0]), second: format(contrast.ratios[1]) };
  return (
    <AppearanceSection id="appearance-app-bar-heading" heading={t("appearance.appBar.heading")} intro={`${t("appearance.appBar.intro")} ${t("appearance.autosaveHint")}`} loadError={loadError}>
        <div className={classes.previewBar} style={style} aria-label={t("appearance.appBar.preview")} role="img" data-testid="app-bar-preview">
          {logoUrl ? <img src={logoUrl} alt="" className={classes.previewLogo} /> : null}
          <span aria-hidden>{t("app.name")}</span>
        </div>
        <Alert color={contrast.ok ? "green" : "yellow"} variant="light" data-testid="app-bar-contrast" data-ok={contrast.ok}>
          {t(contrast.ok ? "appearance.contrastOk" : "appearance.contrastLow", { first: ratios.first, second: ratios.second })}
        </Alert>
        <Form method="post" action={action} id={form.id} onSubmit={form.onSubmit} noValidate>
          <input type="hidden" name="intent" value={INTENT} />
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <ColourField name="appBarColor1" label={t("appearance.appBar.appBarColor1")} value={values.appBarColor1} onChange={set("appBarColor1")} errors={errorsOf("appBarColor1")} />
              <ColourField name="appBarColor2" label={t("appearance.appBar.appBarColor2")} value={values.appBarColor2} onChange={set("appBarColor2")} errors={errorsOf("appBarColor2")} />
              <OpacityField name="appBarOpacity1" label={t("appearance.appBar.appBarOpacity1")} value={values.appBarOpacity1} onChange={set("appBarOpacity1")} errors={errorsOf("appBarOpacity1")} />
              <OpacityField name="appBarOpacity2" label={t("appearance.appBar.appBarOpacity2")} value={values.appBarOpacity2} onChange={set("appBarOpacity2")} errors={errorsOf("appBarOpacity2")} />
            </SimpleGrid>
            <DegreeField name="appBarGradientDegree" value={values.appBarGradientDegree} onChange={set("appBarGradientDegree")} errors={errorsOf("appBarGradientDegree")} />
            <SaveRow intent={INTENT} fetcher={fetcher} refused={Boolean(reply && reply.status === "error")} failedMessage="appearance.errors.updateAppBar" />
          </Stack>
        </Form>
    </AppearanceSection>
  );
}
