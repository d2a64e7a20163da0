import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * Which translation groups (the first segment of a key, "catalogue" in "catalogue.title") the code
 * of each route can show, found in the source: every string literal that is an existing key (or
 * a key prefix such as "catalogframe.sections", used as `${texts}.deleteTitle`) and every template
 * literal whose fixed head starts with "<group>." counts as a use, in the route file and in every
 * module it imports, statically or lazily, inside app/. Loader and action modules count too: a key
 * they hand to the page is shown there.
 */

const APP = path.resolve("app");

export type KeyTree = { [key: string]: string | KeyTree };

function isKeyPath(tree: KeyTree, key: string): boolean {
  let node: string | KeyTree | undefined = tree;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null || !(part in node)) return false;
    node = node[part];
  }
  return true;
}

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("~/")) base = path.join(APP, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

interface FileFacts {
  imports: string[];
  /** Parts loaded with `lazyWithTexts([...], () => import(...))`: they bring these namespaces. */
  lazyParts: { file: string; brings: Set<string> }[];
  groups: Set<string>;
}

function findImport(node: ts.Node): ts.CallExpression | undefined {
  if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) return node;
  return ts.forEachChild(node, findImport);
}

export function createTextUsage(keys: KeyTree) {
  const groups = new Set(Object.keys(keys));
  const facts = new Map<string, FileFacts>();

  function groupOf(text: string, whole: boolean): string | null {
    const dot = text.indexOf(".");
    if (dot <= 0) return null;
    const group = text.slice(0, dot);
    if (!groups.has(group)) return null;
    if (!whole) return group;
    return /^[\w.-]+$/.test(text) && isKeyPath(keys, text) ? group : null;
  }

  function read(file: string): FileFacts {
    const known = facts.get(file);
    if (known) return known;
    const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const found: FileFacts = { imports: [], lazyParts: [], groups: new Set() };
    const lazyImports = new Set<ts.Node>();
    facts.set(file, found);
    const visit = (node: ts.Node) => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        const typeOnly = ts.isImportDeclaration(node) ? node.importClause?.isTypeOnly : node.isTypeOnly;
        const target = typeOnly ? null : resolveImport(file, node.moduleSpecifier.text);
        if (target) found.imports.push(target);
        return;
      }
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "lazyWithTexts") {
        const [names, load] = node.arguments;
        const brings = new Set(names && ts.isArrayLiteralExpression(names) ? names.elements.filter(ts.isStringLiteral).map((e) => e.text) : []);
        const importCall = load && findImport(load);
        const spec = importCall?.arguments[0];
        const target = spec && ts.isStringLiteral(spec) ? resolveImport(file, spec.text) : null;
        if (importCall && target) {
          lazyImports.add(importCall);
          found.lazyParts.push({ file: target, brings });
        }
      }
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && !lazyImports.has(node)) {
        const [spec] = node.arguments;
        const target = spec && ts.isStringLiteral(spec) ? resolveImport(file, spec.text) : null;
        if (target) found.imports.push(target);
      }
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        const group = groupOf(node.text, true);
        if (group) found.groups.add(group);
      } else if (ts.isTemplateExpression(node)) {
        const group = groupOf(node.head.text, false);
        if (group) found.groups.add(group);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
  }

  /**
   * The groups a module and everything it imports (inside app/) use, except what a part loaded
   * with `lazyWithTexts` brings along itself.
   */
  function groupsUsedBy(file: string, visiting = new Set<string>()): Set<string> {
    const seen = new Set<string>();
    const used = new Set<string>();
    const stack = [path.resolve(file)];
    while (stack.length) {
      const current = stack.pop()!;
      if (seen.has(current)) continue;
      seen.add(current);
      const { imports, lazyParts, groups: own } = read(current);
      for (const group of own) used.add(group);
      // The locale files themselves hold every key; reading them is not using them.
      stack.push(...imports.filter((f) => !f.includes(`${path.sep}i18n${path.sep}`)));
      for (const part of lazyParts) {
        if (visiting.has(part.file)) continue;
        visiting.add(part.file);
        for (const group of groupsUsedBy(part.file, visiting)) if (!part.brings.has(group)) used.add(group);
        visiting.delete(part.file);
      }
    }
    return used;
  }

  return { groupsUsedBy };
}
