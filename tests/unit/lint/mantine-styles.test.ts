import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * app/ui/mantine.css imports Mantine's stylesheets one component at a time (decision 0066). A
 * component whose stylesheet is missing renders unstyled — nothing else would notice — so this
 * follows every component the app imports from @mantine/core (and those @mantine/tiptap renders)
 * through Mantine's own modules to the CSS modules they use.
 */
const CORE = path.join("node_modules", "@mantine", "core");
const ESM = path.join(CORE, "esm");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(full) : /\.(tsx?|mjs)$/.test(e.name) ? [full] : [];
  });
}

/** Names imported from @mantine/core by the files under `dir` (quotes of either kind). */
function coreImports(dir: string): string[] {
  const names = sourceFiles(dir).flatMap((file) =>
    [...fs.readFileSync(file, "utf8").matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*["']@mantine\/core["']/g)].flatMap((m) =>
      m[1]!.split(",").map((part) => part.trim().split(/\s+as\s+/)[0]!.replace(/^type\s+/, "")),
    ),
  );
  return [...new Set(names.filter((name) => /^[A-Z]/.test(name)))];
}

/** Stylesheets (by component name) reachable from `names` through Mantine's relative imports. */
function stylesheetsOf(names: string[]): Set<string> {
  const index = fs.readFileSync(path.join(ESM, "index.mjs"), "utf8");
  const seen = new Set<string>();
  const css = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const m of fs.readFileSync(file, "utf8").matchAll(/(?:from\s*|import\s*)'(\.[^']+)'/g)) {
      const next = path.resolve(path.dirname(file), m[1]!);
      if (next.endsWith(".module.css.mjs")) css.add(path.basename(next, ".module.css.mjs"));
      else visit(next);
    }
  };
  for (const name of names) {
    const from = index.match(new RegExp(`export \\{[^}]*\\b${name}\\b[^}]*\\} from '(\\./[^']+)'`))?.[1];
    if (from) visit(path.join(ESM, from)); // types and helpers have no module of their own
  }
  return css;
}

const imported = [...fs.readFileSync(path.join("app", "ui", "mantine.css"), "utf8").matchAll(/@import "@mantine\/core\/styles\/([\w-]+)\.css";/g)].map((m) => m[1]!);

describe("Mantine's stylesheets in app/ui/mantine.css", () => {
  it("include every component stylesheet the app's Mantine components need, after the global ones", () => {
    const needed = stylesheetsOf([...coreImports("app"), ...coreImports(path.join("node_modules", "@mantine", "tiptap", "esm"))]);
    expect(needed.size).toBeGreaterThan(20);
    expect([...needed].filter((name) => !imported.includes(name)).sort()).toEqual([]);
    expect(imported.slice(0, 3)).toEqual(["baseline", "default-css-variables", "global"]);
  });

  it("keep the order of Mantine's full stylesheet, so the cascade is the one Mantine is tested with", () => {
    const full = fs.readFileSync(path.join(CORE, "styles.css"), "utf8");
    // Each component file's first selector, found in the full file, gives its place there.
    const place = (name: string) => full.indexOf(fs.readFileSync(path.join(CORE, "styles", `${name}.css`), "utf8").match(/\.m_[0-9a-f]+/)?.[0] ?? "\u0000");
    const components = imported.slice(3);
    expect(components.map(place).every((at) => at >= 0)).toBe(true);
    expect(components).toEqual([...components].sort((a, b) => place(a) - place(b)));
  });
});

describe("tables", () => {
  it("scroll in TableBox: Table.ScrollContainer's ScrollArea is a plain div in the client build (vite.config.ts)", () => {
    const uses = sourceFiles("app").filter((file) => /<Table\.ScrollContainer\b|\bTableScrollContainer\b/.test(fs.readFileSync(file, "utf8")));
    expect(uses).toEqual([]);
  });
});
