// ESLint for the whole repository: `npm run lint` (with `prettier --check`), and CI before the tests.
// Formatting is Prettier's alone (eslint-config-prettier, last, turns off every rule that would argue with it).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

const backendSrc = 'backend/src';
const frontEnds = ['widgets/src/**/*.{ts,tsx}', 'admin-web/src/**/*.{ts,tsx}'];

export default defineConfig(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/coverage/**', '**/reports/**', '**/.stryker-tmp/**', '**/schema.d.ts'],
  },
  {
    files: ['backend/src/**/*.{ts,tsx,js}', 'backend/test/**/*.{ts,tsx,js}', 'backend/scripts/**/*.{js,mjs}', ...frontEnds],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names are the code's way of saying "unused on purpose" (a handler's unused argument,
      // a field dropped from a copy by destructuring).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },

  // The short list of rules turned off, each where it is wrong:
  // - no-control-regex: these two files' regular expressions exist to find control characters in text
  //   from outside (PostgreSQL's jsonb refuses NUL; receipts and emails break on the rest); the rule
  //   is there to catch one typed by mistake.
  {
    files: ['backend/src/platform/validation/text.ts', 'backend/src/catalog/admin-product.schemas.ts'],
    rules: { 'no-control-regex': 'off' },
  },
  // - @typescript-eslint/no-require-imports in backend/test/support/mutation: plain CommonJS, as jest
  //   loads a test sequencer untransformed.
  { files: ['backend/test/support/mutation/*.js'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  // - @typescript-eslint/no-explicit-any in backend/test: a test reads an answer's body field by field,
  //   as supertest's own `body: any` lets it; typing every answer there would copy the API's types.
  //   (In the product code one `any` is left, with its reason beside it: the Square emulator's catalogue.)
  { files: ['backend/test/**/*.{ts,tsx}'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },

  // Where each file runs.
  { files: ['backend/**/*.{ts,tsx,js,mjs}'], languageOptions: { globals: globals.node } },
  { files: ['backend/test/**/*.{ts,tsx,js}', 'backend/src/**/*.spec.{ts,tsx}'], languageOptions: { globals: globals.jest } },
  // The Square emulator's card form is a plain browser script the emulator serves to the checkout page.
  { files: ['backend/src/**/card-form.js'], languageOptions: { globals: globals.browser, sourceType: 'script' } },
  {
    files: frontEnds,
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    // The two rules of hooks. The plugin's other recommended rules check code for the React Compiler,
    // which these apps do not use.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },

  // Module boundaries in the backend: every direct folder of backend/src is a module, and a file of one
  // module reaches another module only through that module's `index.ts` (`import { CartModule } from '../cart'`),
  // or, for a decider that must stay a plain function, its `rules.ts` (pure rules, no Nest).
  // What a module keeps behind its index is its own to change.
  // `platform/` is the exception: it is the shared kernel (event store, outbox, projections, jobs, config,
  // errors, logging, database), plumbing every module uses, split into sub-folders that are each imported
  // directly (`../platform/event-store/decider`); a single index for all of it would be one long list.
  // Tests (backend/test, and *.spec.ts beside the code) may import anything.
  {
    files: [`${backendSrc}/**/*.{ts,tsx}`],
    ignores: [`${backendSrc}/**/*.spec.{ts,tsx}`],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
      // Re-exports and lazy imports cross the line as much as imports do.
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/elements': [
        { type: 'platform', pattern: `${backendSrc}/platform` },
        { type: 'module', pattern: `${backendSrc}/*`, capture: ['module'] },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'platform' } },
              // The schema's migrations are no feature: the database plumbing applies them.
              disallow: { to: { element: { type: 'module', captured: { module: '!migrations' } } } },
              message: 'platform/ is what every module stands on: it imports no module ({{to.element.captured.module}}); let the module hand it what it needs.',
            },
            {
              // `rules.ts`: a module's pure rules (no Nest, no database) for other modules' deciders.
              disallow: { to: { element: { type: 'module', captured: { module: '!{{from.captured.module}}' }, fileInternalPath: '!{index.ts,rules.ts}' } } },
              message:
                'Another module ({{to.element.captured.module}}) is reached through its index.ts only (or its rules.ts, for pure rules): import from its folder, and export from its index what others need.',
            },
          ],
        },
      ],
    },
  },

  // The one crossing allowed: the Square emulator's sandbox is seeded with the shop's demo catalogue, read
  // from its two plain data files; through catalog's index.ts the standalone emulator would load the
  // catalogue's Nest module and everything it imports.
  {
    files: [`${backendSrc}/stand-ins/square/seed.ts`],
    rules: { 'boundaries/dependencies': 'off' },
  },

  // The composition root (app.module.ts, main.ts, worker.ts, start.ts) belongs to no module, which the
  // boundaries plugin leaves unchecked: the same rule, said with ESLint's own no-restricted-imports.
  {
    files: [`${backendSrc}/*.ts`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['./*/*', '!./platform/**'], message: 'A module is reached through its index.ts only: import from its folder.' }] }],
    },
  },

  prettier,
);
