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
  groups: Set<string>;
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
    const found: FileFacts = { imports: [], groups: new Set() };
    facts.set(file, found);
    const visit = (node: ts.Node) => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        const typeOnly = ts.isImportDeclaration(node) ? node.importClause?.isTypeOnly : node.isTypeOnly;
        const target = typeOnly ? null : resolveImport(file, node.moduleSpecifier.text);
        if (target) found.imports.push(target);
        return;
      }
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
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

  /** The groups a module and everything it imports (inside app/) use. */
  function groupsUsedBy(file: string): Set<string> {
    const seen = new Set<string>();
    const used = new Set<string>();
    const stack = [path.resolve(file)];
    while (stack.length) {
      const current = stack.pop()!;
      if (seen.has(current)) continue;
      seen.add(current);
      const { imports, groups: own } = read(current);
      for (const group of own) used.add(group);
      // The locale files themselves hold every key; reading them is not using them.
      stack.push(...imports.filter((f) => !f.includes(`${path.sep}i18n${path.sep}`)));
    }
    return used;
  }

  return { groupsUsedBy };
}
