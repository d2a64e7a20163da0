import { hasText, translate, type TextOptions, type TextStore } from "./translate";

/**
 * The texts a page renders with (decision 0083), in place of an i18next instance: the part of its
 * interface app/i18n/namespaces.ts and the components use — a language, one text store per
 * language that namespaces are merged into as they load, `t`, `exists`, `changeLanguage`. The
 * client build resolves `i18next` to this module (vite.config.ts, `pageTexts`); the server renders
 * with one instance per language holding every text (`pageTextsFor`, i18next.server.ts).
 */
type Translate = (key: unknown, options?: TextOptions | string) => string;

function merge(target: TextStore, source: TextStore): TextStore {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (value && typeof value === "object" && !Array.isArray(value) && current && typeof current === "object" && !Array.isArray(current)) merge(current as TextStore, value as TextStore);
    else target[key] = value;
  }
  return target;
}

export class PageTexts {
  language = "de";
  languages: string[] = ["de"];
  isInitialized = false;
  private readonly stores = new Map<string, TextStore>();
  private readonly translators = new Map<string, Translate>();
  private readonly listeners = new Set<() => void>();

  use(): this {
    return this;
  }

  init(options: { lng?: string }): Promise<Translate> {
    this.setLanguage(options.lng ?? this.language);
    this.isInitialized = true;
    return Promise.resolve(this.t);
  }

  /** `t` for one language, the same function every time (components may keep it in effects' dependencies). */
  getFixedT(lng: string): Translate {
    let t = this.translators.get(lng);
    if (!t) {
      t = (key, options) => translate(this.stores.get(lng), lng, key, options);
      this.translators.set(lng, t);
    }
    return t;
  }

  t: Translate = (key, options) => this.getFixedT(this.language)(key, options);

  exists(key: string): boolean {
    return hasText(this.stores.get(this.language), key);
  }

  /** All texts live in the one namespace "common" (app/i18n/config.ts). */
  getResourceBundle(lng: string, _ns: string): TextStore | undefined {
    return this.stores.get(lng);
  }

  addResourceBundle(lng: string, _ns: string, texts: TextStore): this {
    // No re-render for new texts, as react-i18next: a part that needs them waits for them (useRouteTexts, lazyWithTexts).
    this.stores.set(lng, merge(this.stores.get(lng) ?? {}, texts));
    return this;
  }

  changeLanguage(lng: string): Promise<Translate> {
    if (lng !== this.language) {
      this.setLanguage(lng);
      this.notify();
    }
    return Promise.resolve(this.t);
  }

  /** Counts language changes, for useSyncExternalStore. */
  version = 0;

  /** For useSyncExternalStore: components show the new language's texts when it changes. */
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  private setLanguage(lng: string) {
    this.language = lng;
    this.languages = [lng];
  }

  private notify() {
    this.version++;
    for (const listener of this.listeners) listener();
  }
}

const i18next = new PageTexts();
export default i18next;
