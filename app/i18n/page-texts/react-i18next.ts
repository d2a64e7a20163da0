import { createContext, createElement, useContext, useSyncExternalStore, type ReactNode } from "react";
import i18next, { type PageTexts } from "./i18next";

/**
 * react-i18next as pages use it (decision 0083), in the browser and in the server's renderer:
 * `useTranslation` gives the page's `t` and the instance, and renders again when the language
 * changes.
 */
const Texts = createContext<PageTexts>(i18next);

export const initReactI18next = { type: "3rdParty", init: () => undefined };

export function I18nextProvider({ i18n, children }: { i18n: PageTexts; children?: ReactNode }) {
  return createElement(Texts.Provider, { value: i18n }, children);
}

export function useTranslation() {
  const i18n = useContext(Texts);
  const version = () => i18n.version;
  useSyncExternalStore(i18n.subscribe, version, version);
  return { t: i18n.getFixedT(i18n.language), i18n, ready: true };
}
