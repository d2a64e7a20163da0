import { DEFAULT_THEME, convertCssVariables, defaultCssVariablesResolver, mergeMantineTheme, type MantineThemeOverride } from "@mantine/core";

type Variables = Record<string, string>;

function withoutDefaults(values: Variables, defaults: Variables): Variables {
  return Object.fromEntries(Object.entries(values).filter(([key, value]) => defaults[key] !== value));
}

/**
 * The theme's CSS variables as MantineProvider would render them (deduplicated against the
 * defaults in @mantine/core/styles.css), computed once: the provider recomputes them on every
 * render, ~2 % of the server's time per page (docs/decisions/0011).
 */
export function themeCss(override: MantineThemeOverride): string {
  // mergeMantineTheme writes the override's font into the base theme's `headings` object, which
  // would change DEFAULT_THEME itself: merge into a copy. Call this before anything renders a
  // MantineProvider (which does change DEFAULT_THEME), i.e. when a module loads.
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const merged = defaultCssVariablesResolver(mergeMantineTheme({ ...DEFAULT_THEME, headings: { ...DEFAULT_THEME.headings } }, override));
  return convertCssVariables({
    variables: withoutDefaults(merged.variables, defaults.variables),
    light: withoutDefaults(merged.light, defaults.light),
    dark: withoutDefaults(merged.dark, defaults.dark),
  });
}
