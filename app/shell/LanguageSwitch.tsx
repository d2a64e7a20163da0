import { Button, Group } from "@mantine/core";
import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SUPPORTED_LANGUAGES } from "~/i18n/config";

/** Compact language choice for the bare (login-type) pages; same action as the top-bar menu. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  return (
    <Form method="post" action="/language" reloadDocument aria-label={t("topbar.language")}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <Group gap={4} justify="flex-end">
        {SUPPORTED_LANGUAGES.map((lng) => (
          <Button
            key={lng}
            type="submit"
            name="lng"
            value={lng}
            size="compact-xs"
            variant={i18n.language === lng ? "light" : "subtle"}
            lang={lng}
          >
            {t(lng === "de" ? "topbar.languageDe" : "topbar.languageEn")}
          </Button>
        ))}
      </Group>
    </Form>
  );
}
