import { Stack, Text, Title } from "@mantine/core";
import type { SerializeFrom } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FlashToast } from "~/ui/FlashToast";
import { logoUrl as logoUrlOf } from "../appearance";
import type { appearanceLoader } from "../appearance-page.server";
import { AppBarSection } from "./AppBarSection";
import { LoginFormSection } from "./LoginFormSection";
import { LogoSection } from "./LogoSection";

/** /admin/logo — logo, sign-in page and app bar (spec 02 §2 "Logo and appearance"). */
export function AppearancePage() {
  return <AppearanceScreen data={useLoaderData<typeof appearanceLoader>()} heading={1} />;
}

/** The Logo/Appbar entry of the settings: the same screen, its heading one level down. */
export function AppearancePanel({ data }: { data: SerializeFrom<typeof appearanceLoader> }) {
  return <AppearanceScreen data={data} heading={2} />;
}

function AppearanceScreen({ data, heading }: { data: SerializeFrom<typeof appearanceLoader>; heading: 1 | 2 }) {
  const { logo, loginForm, appBar, errors } = data;
  const { t } = useTranslation();
  const logoUrl = logoUrlOf(logo?.version);
  const loadError = (key: string) => errors.find((e) => e === key);
  return (
    <Stack maw={900} gap="lg">
      <div>
        <Title order={heading} size={heading === 2 ? "h3" : undefined}>
          {t("appearance.title")}
        </Title>
        <Text c="dimmed">{t("appearance.intro")}</Text>
      </div>
      <LogoSection logoUrl={logoUrl} loadError={loadError("appearance.errors.fetchLogo")} />
      <AppBarSection settings={appBar} logoUrl={logoUrl} loadError={loadError("appearance.errors.fetchAppBar")} />
      <LoginFormSection settings={loginForm} logoUrl={logoUrl} loadError={loadError("appearance.errors.fetchLoginForm")} />
      {errors[0] ? <FlashToast flash={{ id: "load", kind: "error", message: errors[0] }} /> : null}
    </Stack>
  );
}
