import { MantineProvider } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { themeCss } from "~/ui/theme-css";
import { theme } from "~/ui/theme";

describe("themeCss", () => {
  it("is exactly the CSS variables MantineProvider renders for our theme", () => {
    // As in root.tsx: computed before any provider renders.
    const css = themeCss(theme);
    const html = renderToStaticMarkup(
      <MantineProvider theme={theme} defaultColorScheme="light">
        <span />
      </MantineProvider>,
    );
    const rendered = /<style data-mantine-styles="true">([\s\S]*?)<\/style>/.exec(html)?.[1];
    expect(rendered).toBeTruthy();
    expect(css).toBe(rendered);
    // The theme's own colours are in it (the primary colour is not Mantine's default blue).
    expect(css).toContain("--mantine-primary-color-filled: var(--mantine-color-green-filled)");
  });
});
