import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
      "no-restricted-syntax": [
        "error",
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
      ],
    },
  },
  // Module boundaries (docs/decisions/0015-domain-modules.md). Client-safe code — UI, types,
  // schemas, shared helpers — may name server code only in type positions, so nothing
  // server-only can reach the browser bundle by accident.
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.{ts,tsx}", "app/server/**", "app/routes/**", "app/root.tsx", "app/entry.server.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["*.server", "**/*.server", "~/server/**"],
              allowTypeImports: true,
              message: "Client-safe code may import server code only with `import type`; move the logic into a *.server.ts file.",
            },
          ],
        },
      ],
    },
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
