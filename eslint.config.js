import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/*
 * The floors of app/ (docs/decisions/0015-domain-modules.md, 0061-layers.md), top to bottom:
 * routes → shell → modules → ui → server → lib. A floor imports only the floors below it.
 */
const floorsAbove = (floors, message) => ({ group: floors.flatMap((f) => [`~/${f}/**`, `**/${f}/**`]), message });
const UI_ABOVE = floorsAbove(["modules", "shell", "routes"], "app/ui is shared UI below the domains and the shell: pass what it needs as props, or move the code up.");
const SERVER_BELOW = "app/server stands below the UI and the domains: move a shared type or schema down into app/server or app/lib.";
const SERVER_ABOVE = floorsAbove(["ui", "shell", "modules", "routes"], SERVER_BELOW);
const LIB_ABOVE = floorsAbove(["server", "ui", "shell", "modules", "routes", "i18n"], "app/lib is the ground floor: tiny helpers that import nothing of the app.");
const MODULES_ABOVE = floorsAbove(["shell", "routes"], "A domain stands below the shell and the routes: the shell imports the domain, not the other way round.");
/** Client-safe code may name server code only in type positions, so nothing server-only reaches the browser bundle. */
const SERVER_ONLY = {
  group: ["*.server", "**/*.server", "~/server/**"],
  allowTypeImports: true,
  message: "Client-safe code may import server code only with `import type`; move the logic into a *.server.ts file.",
};

/** Roles decide through the access policy (modules/access/policy.ts), never by name (issue 33 §2). */
const ROLE_BY_NAME = {
  selector: [
    "BinaryExpression[operator=/^[!=]==?$/][right.type='Literal']:matches([left.property.name='role'], [left.name='role'])",
    "BinaryExpression[operator=/^[!=]==?$/][left.type='Literal']:matches([right.property.name='role'], [right.name='role'])",
    "CallExpression[callee.property.name='includes'][callee.object.type='ArrayExpression']:matches([arguments.0.property.name='role'], [arguments.0.name='role'])",
  ].join(", "),
  message: "Decide by a permission (userHasPermission, roleHasPermission, requirePermission in ~/modules/access), not by a role's name: role names live in modules/access alone.",
};
const APP_SYNTAX = [
  {
    selector: "CallExpression[callee.property.name='formData']",
    message: "Read forms with readFormData() from ~/server/request-body.server: it answers 415/400 for bodies that are not forms.",
  },
  {
    selector: "CallExpression[callee.property.name='transaction']",
    message:
      "Use inTransaction() from ~/server/db-helpers.server: it retries a transaction SQLite refused (SQLITE_BUSY_SNAPSHOT when another process wrote) or Postgres chose as a deadlock victim.",
  },
  {
    selector: "NewExpression[callee.name='Response'][arguments.0.value=/^(Forbidden|Not Found|Method Not Allowed)$/]",
    message: "Refuse with `throw refusal(403 | 404 | 405)` from ~/server/refusal.server: one answer the error pages translate (decision 0053).",
  },
];

export default tseslint.config(
  { ignores: ["build/**", "build-*/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**", ".cache/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": ["error", ...APP_SYNTAX, ROLE_BY_NAME],
    },
  },
  // The access module is where role names live: the policy's matrix and its few rules by name.
  {
    files: ["app/modules/access/**/*.{ts,tsx}"],
    rules: { "no-restricted-syntax": ["error", ...APP_SYNTAX] },
  },
  // Module boundaries (docs/decisions/0015-domain-modules.md). Client-safe code — UI, types,
  // schemas, shared helpers — may name server code only in type positions, so nothing
  // server-only can reach the browser bundle by accident.
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.{ts,tsx}", "app/server/**", "app/routes/**", "app/root.tsx", "app/entry.server.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [SERVER_ONLY] }],
    },
  },
  // The floors. app/ui: shared UI, below the domains and the shell (it knows no domain).
  {
    files: ["app/ui/**/*.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [SERVER_ONLY, UI_ABOVE] }] },
  },
  // app/server: below everything but app/lib; it imports no UI, shell, domain or route, not even a type.
  {
    files: ["app/server/**/*.{ts,tsx}"],
    ignores: ["app/server/db/schema.ts", "app/server/db/seed*.server.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [SERVER_ABOVE] }] },
  },
  // app/lib: the ground floor, client-safe helpers with nothing of the app below them.
  {
    files: ["app/lib/**/*.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [LIB_ABOVE] }] },
  },
  // The schema types users.role with the access module's Role (a type only); the seed fills every domain's demo data, as a script would.
  {
    files: ["app/server/db/schema.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [floorsAbove(["ui", "shell", "routes"], SERVER_BELOW), { ...floorsAbove(["modules"], SERVER_BELOW), allowTypeImports: true }] },
      ],
    },
  },
  {
    files: ["app/server/db/seed*.server.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [floorsAbove(["ui", "shell", "routes"], SERVER_BELOW)] }] },
  },
  // app/modules: the domains stand below the shell and the routes that assemble them.
  {
    files: ["app/modules/**/*.{ts,tsx}"],
    ignores: ["app/modules/**/*.server.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [SERVER_ONLY, MODULES_ABOVE] }] },
  },
  {
    files: ["app/modules/**/*.server.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [MODULES_ABOVE] }] },
  },
  // Route files only wire a URL to a module: data access lives in the module's *.server.ts.
  {
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/server/db/**", "**/server/db/**", "kysely", "better-sqlite3", "pg"],
              message: "Routes only wire a URL to a module; put queries in the module's *.server.ts.",
            },
          ],
        },
      ],
    },
  },
  { files: ["**/*.cjs"], languageOptions: { sourceType: "commonjs", globals: globals.node } },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // Mantine inputs get their label through the `label` prop, which the rule cannot see.
      "jsx-a11y/label-has-associated-control": "off",
      // Deliberate: a login/dialog form focuses its first field, as users expect.
      "jsx-a11y/no-autofocus": "off",
    },
  },
);
