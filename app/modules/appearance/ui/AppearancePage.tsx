import { Stack, Text, Title } from "@mantine/core";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FlashToast } from "~/ui/FlashToast";
import type { FormAnswer } from "~/ui/form/use-schema-form";
import { logoUrl as logoUrlOf } from "../appearance";
import type { appearanceLoader } from "../appearance-page.server";
import { AppBarSection } from "./AppBarSection";
import { LoginFormSection } from "./LoginFormSection";
import { LogoSection } from "./LogoSection";

/** /admin/logo — logo, sign-in page and app bar (spec 02 §2 "Logo and appearance"). */
export function AppearancePage() {
  const { logo, loginForm, appBar, errors } = useLoaderData<typeof appearanceLoader>();
  const answer = useActionData<FormAnswer>() ?? undefined;
  const { t } = useTranslation();
  const logoUrl = logoUrlOf(logo?.version);
  const loadError = (key: string) => errors.find((e) => e === key);
  return (
    <Stack maw={900} gap="lg">
      <div>
        <Title order={1}>{t("appearance.title")}</Title>
        <Text c="dimmed">{t("appearance.intro")}</Text>
      </div>
      <LogoSection logoUrl={logoUrl} answer={answer} loadError={loadError("appearance.errors.fetchLogo")} />
      <AppBarSection settings={appBar} logoUrl={logoUrl} answer={answer} loadError={loadError("appearance.errors.fetchAppBar")} />
      <LoginFormSection settings={loginForm} logoUrl={logoUrl} answer={answer} loadError={loadError("appearance.errors.fetchLoginForm")} />
      {errors[0] ? <FlashToast flash={{ id: "load", kind: "error", message: errors[0] }} /> : null}
    </Stack>
  );
}
