import { createContext, createElement, useContext, useSyncExternalStore, type ReactNode } from "react";
import i18next, { type BrowserTexts } from "./i18next";

/**
 * The browser's stand-in for react-i18next (decision 0083): `useTranslation` gives the page's `t`
 * and the instance, and renders again when the language or the loaded texts change.
 */
const Texts = createContext<BrowserTexts>(i18next);

export const initReactI18next = { type: "3rdParty", init: () => undefined };

export function I18nextProvider({ i18n, children }: { i18n: BrowserTexts; children?: ReactNode }) {
  return createElement(Texts.Provider, { value: i18n }, children);
}

export function useTranslation() {
  const i18n = useContext(Texts);
  const version = () => i18n.version;
  useSyncExternalStore(i18n.subscribe, version, version);
  return { t: i18n.getFixedT(i18n.language), i18n, ready: true };
}
