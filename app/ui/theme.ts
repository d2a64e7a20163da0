import { DEFAULT_THEME, createTheme, type MantineColorsTuple } from "@mantine/core";

/**
 * Spec 01 §9: the primary colour is green. Mantine's default greens fail WCAG AA with white text
 * (3.4:1) and as text on white or on light green; shades 8–9 here are darker greens of the same
 * hue, so filled buttons, links, light buttons and the active menu entry reach ≥ 4.5:1. Grey 6
 * (the "dimmed" text) and shades 8–9 of the other colours in use are darkened for the same reason. Checked by axe in
 * tests/e2e/screen-sweep.spec.ts.
 */
const darker = (name: keyof typeof DEFAULT_THEME.colors, replace: Record<number, string>) =>
  DEFAULT_THEME.colors[name].map((shade, i) => replace[i] ?? shade) as unknown as MantineColorsTuple;

// Shade 8 is what filled buttons, light variants (alerts, badges) and links draw with.
const colors = {
  green: darker("green", { 7: "#2f9e44", 8: "#237032", 9: "#1b5e29" }),
  gray: darker("gray", { 6: "#5f676f" }),
  red: darker("red", { 8: "#c92a2a", 9: "#a51d1d" }),
  blue: darker("blue", { 8: "#185a9d", 9: "#154f8a" }),
  orange: darker("orange", { 8: "#a63b08", 9: "#8f3307" }),
  yellow: darker("yellow", { 8: "#8a4b00", 9: "#7a4200" }),
};

export const theme = createTheme({
  primaryColor: "green",
  primaryShade: { light: 8, dark: 6 },
  colors,
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  defaultRadius: "sm",
  components: {
    // Readable badges: 12 px, sentence case, semi-bold (Mantine's default is 10–11 px bold capitals).
    // Never cut ("Keyn…"): a badge is as wide as its text, and wraps where it has no room.
    Badge: {
      styles: {
        root: { textTransform: "none", fontSize: "var(--mantine-font-size-xs)", fontWeight: 600, letterSpacing: 0, height: "auto", minHeight: "var(--badge-height)", maxWidth: "100%", overflow: "visible", flexShrink: 0 },
        label: { whiteSpace: "normal", overflow: "visible", overflowWrap: "break-word", lineHeight: 1.3 },
      },
    },
  },
});
