import { createTheme } from "@mantine/core";

// Spec 01 §9: the theme's primary colour is green. Shade 8 keeps white text above WCAG AA contrast.
export const theme = createTheme({
  primaryColor: "green",
  primaryShade: { light: 8, dark: 6 },
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  defaultRadius: "sm",
});
