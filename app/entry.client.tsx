import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig, isLanguage, DEFAULT_LANGUAGE } from "./i18n/config";
import { installChunkReloadGuard } from "./ui/chunk-reload";

installChunkReloadGuard();

async function hydrate() {
  const htmlLang = document.documentElement.lang;
  await i18next.use(initReactI18next).init({ ...i18nConfig, lng: isLanguage(htmlLang) ? htmlLang : DEFAULT_LANGUAGE });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
