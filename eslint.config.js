// @ts-check
import js from "@eslint/js";
import checkFile from "eslint-plugin-check-file";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Imports that would let one zone reach into another (ARCHITECTURE.md section 3). */
const noClimbing = {
  group: ["../../*"],
  message: "Use the #client/#server/#shared/#test imports.",
};
const noServer = {
  group: ["#server/*", "**/server/**"],
  message: "The client may not import the server (only `import type { AppType }` in lib/api.ts).",
};
const noClient = {
  group: ["#client/*", "**/client/**"],
  message: "The server may not import the client.",
};

export default tseslint.config(
  {
    ignores: [
      "dist",
      "dist-ssr",
      "node_modules",
      "drizzle",
      "data",
      "test-results",
      "playwright-report",
      "public",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "check-file": checkFile },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-non-null-assertion": "error",
      "@typescript-eslint/ban-ts-comment": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "no-restricted-imports": ["error", { patterns: [noClimbing] }],
      "check-file/filename-naming-convention": [
        "error",
        { "src/**/*.{ts,tsx}": "KEBAB_CASE", "e2e/**/*.ts": "KEBAB_CASE" },
        { ignoreMiddleExtensions: true },
      ],
      "check-file/folder-naming-convention": ["error", { "src/**/": "KEBAB_CASE" }],
      "no-restricted-syntax": [
        "error",
        {
          selector: "ExportAllDeclaration",
          message: "No barrel files: import from the module itself.",
        },
      ],
    },
  },
  {
    files: ["src/shared/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            noClimbing,
            noServer,
            noClient,
            {
              group: [
                "react",
                "react-*",
                "hono",
                "hono/*",
                "drizzle-orm",
                "drizzle-orm/*",
                "node:*",
              ],
              message: "src/shared runs in browser and server: no React, Hono, Drizzle or Node.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/server/**"],
    ignores: ["src/server/env.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [noClimbing, noClient] }],
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message: "Read settings through src/server/env.ts (loadConfig).",
        },
      ],
    },
  },
  {
    files: ["src/client/**"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "no-restricted-imports": "off",
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [noClimbing, { ...noServer, allowTypeImports: true }] },
      ],
    },
  },
  {
    files: ["src/client/components/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            noClimbing,
            { ...noServer, allowTypeImports: false },
            {
              group: ["#client/features/*", "#client/app/*"],
              message: "Components sit below features and routes: they may not import them.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/client/features/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            noClimbing,
            { ...noServer, allowTypeImports: false },
            { group: ["#client/app/*"], message: "Features may not import routes." },
          ],
        },
      ],
    },
  },
  {
    // Only lib/api.ts may name the server's AppType.
    files: ["src/client/lib/**", "src/client/app/**"],
    ignores: ["src/client/lib/api.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [noClimbing, { ...noServer, allowTypeImports: false }] },
      ],
    },
  },
);
