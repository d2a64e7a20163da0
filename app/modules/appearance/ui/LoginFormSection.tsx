import { Radio, SimpleGrid, Stack } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { answerFor, fieldError, useSchemaForm, type FormAnswer } from "~/ui/form/use-schema-form";
import { GRADIENT_TYPES, loginFormStyle, normaliseLoginForm, type LoginFormSettings } from "../appearance";
import type { LoginFormSchema } from "../appearance-schema";
import { ACTION, SaveRow, autosaveErrors, useAutosave } from "./autosave";
import { AppearanceSection, ColourField, DegreeField, OpacityField } from "./fields";
import classes from "./appearance.module.css";
import { useEntryForm } from "~/ui/entry-form";

const INTENT = "loginForm";
type Values = Record<keyof LoginFormSettings, string>;
const KEYS: (keyof LoginFormSettings)[] = ["leftPartBgColor", "gradientType", "gradientColor1", "gradientColor2", "gradientDegree", "gradientOpacity1", "gradientOpacity2"];

function toValues(settings: LoginFormSettings, typed?: Record<string, unknown>): Values {
  return Object.fromEntries(KEYS.map((key) => [key, typed && typeof typed[key] === "string" ? (typed[key] as string) : String(settings[key])])) as Values;
}

/** The sign-in page's background: base colour, gradient type, two colours, angle (linear only), two opacities. */
export function LoginFormSection({ settings, logoUrl, loadError }: { settings: LoginFormSettings; logoUrl: string | null; loadError?: string }) {
  const { Form, action, result: answer } = useEntryForm<FormAnswer>(ACTION);
  const { t } = useTranslation();
  const reply = answerFor(answer, INTENT);
  const [form, fields] = useSchemaForm<typeof LoginFormSchema>(reply, { id: "appearance-login-form" });
  const [values, setValues] = useState<Values>(() => toValues(settings, reply?.initialValue as Record<string, unknown> | undefined));
  const radial = values.gradientType === "radial";
  // A radial gradient has no angle: its (disabled) slider is not sent, the stored angle stays.
  const fetcher = useAutosave(INTENT, radial ? { ...values, gradientDegree: undefined } : values);
  const fetched = autosaveErrors(fetcher.data);
  const errorsOf = (name: keyof Values) => fetched?.[name] ?? fields[name].errors ?? undefined;
  const set = (name: keyof Values) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  const style = loginFormStyle(normaliseLoginForm(values));
  return (
    <AppearanceSection id="appearance-login-heading" heading={t("appearance.loginForm.heading")} intro={`${t("appearance.loginForm.intro")} ${t("appearance.autosaveHint")}`} loadError={loadError}>
        <div className={classes.previewLogin} style={style} role="img" aria-label={t("appearance.loginForm.preview")} data-testid="login-form-preview">
          <div className={classes.previewCard} aria-hidden>
            {logoUrl ? <img src={logoUrl} alt="" className={classes.previewLogo} /> : null}
            <span>{t("appearance.loginForm.previewCard")}</span>
          </div>
        </div>
        <Form method="post" action={action} id={form.id} onSubmit={form.onSubmit} noValidate>
          <input type="hidden" name="intent" value={INTENT} />
          <Stack gap="sm">
            <ColourField name="leftPartBgColor" label={t("appearance.loginForm.leftPartBgColor")} value={values.leftPartBgColor} onChange={set("leftPartBgColor")} errors={errorsOf("leftPartBgColor")} />
            <Radio.Group
              name="gradientType"
              label={t("appearance.loginForm.gradientType")}
              value={values.gradientType}
              onChange={set("gradientType")}
              error={fieldError(t, errorsOf("gradientType"))}
            >
              <div className={classes.radios}>
                {GRADIENT_TYPES.map((type) => (
                  <Radio key={type} value={type} label={t(`appearance.loginForm.${type}`)} data-testid={`gradient-${type}`} />
                ))}
              </div>
            </Radio.Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <ColourField name="gradientColor1" label={t("appearance.loginForm.gradientColor1")} value={values.gradientColor1} onChange={set("gradientColor1")} errors={errorsOf("gradientColor1")} />
              <ColourField name="gradientColor2" label={t("appearance.loginForm.gradientColor2")} value={values.gradientColor2} onChange={set("gradientColor2")} errors={errorsOf("gradientColor2")} />
              <OpacityField name="gradientOpacity1" label={t("appearance.loginForm.gradientOpacity1")} value={values.gradientOpacity1} onChange={set("gradientOpacity1")} errors={errorsOf("gradientOpacity1")} />
              <OpacityField name="gradientOpacity2" label={t("appearance.loginForm.gradientOpacity2")} value={values.gradientOpacity2} onChange={set("gradientOpacity2")} errors={errorsOf("gradientOpacity2")} />
            </SimpleGrid>
            <DegreeField name="gradientDegree" value={values.gradientDegree} onChange={set("gradientDegree")} errors={errorsOf("gradientDegree")} disabled={radial} />
            <SaveRow intent={INTENT} fetcher={fetcher} refused={Boolean(reply && reply.status === "error")} failedMessage="appearance.errors.updateLoginForm" />
          </Stack>
        </Form>
    </AppearanceSection>
  );
}
