import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import { importX } from 'eslint-plugin-import-x';
import { resolve as resolveTs } from './eslint-ts-resolver.js';

const TS_RESOLVER = `${import.meta.dirname}/eslint-ts-resolver.js`;

// Selectors for the server's dependency policies (eslint-plugin-boundaries v7 entity selectors).
const LIB = { element: { type: 'lib' } };
const DB = { element: { type: 'db' } };
const DB_SCHEMA = { element: { type: 'db', fileInternalPath: 'schema.ts' } };
const PROVIDERS = { element: { type: 'providers' } };
const HTTP = { element: { type: 'http' } };
const JOBS = { element: { type: 'jobs' } };
const JOB_KINDS = { element: { type: 'jobs' }, file: { categories: 'job-kinds' } };
const SEED = { element: { type: 'seed' } };
// The parsed configuration's type: modules and the seed read settings handed to them, never the environment.
const CONFIG_TYPE = { to: { element: { type: 'root' }, file: { categories: 'config' } }, dependency: { kind: 'type' } };
// Another module is reached only through its entry point.
const MODULE_ENTRY = { element: { type: 'module', fileInternalPath: 'index.ts' } };
const ANY_ELEMENT = { element: { type: '*' } };
const INTERNAL = { dependency: { relationship: { to: 'internal' } } };

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', 'packages/e2e/test-results/**', 'packages/e2e/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  // Type-aware rules, for every TypeScript file. The project service types each file with the nearest
  // tsconfig.json: packages/{contract,server,web,e2e} (server's covers test/, web's vite.config.ts,
  // e2e's its configs) and bench/. vitest.config.ts is the one TS file outside them; it gets the base
  // options. JavaScript files (this config, eslint-ts-resolver.js) are left out of type-aware rules:
  // no tsconfig includes JS, and typing two tool configs would need allowJs/checkJs for nothing.
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'], defaultProject: 'tsconfig.base.json' },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Failures fail (DESIGN.md §8): a promise is awaited, handled, or `void`ed with a comment saying why.
      '@typescript-eslint/no-floating-promises': 'error',
      // Includes JSX attributes: write `onClick={() => void save()}` where save handles its own errors.
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // A `default` branch is a deliberate catch-all where present (ArticleBody renders 'p' and 'li' the
      // same way); a switch without one must name every member of the union.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // The server's one-way dependency direction (DESIGN.md §8):
  //   lib → (db/schema.ts types only); db → lib; providers → lib, db, providers; http → lib;
  //   jobs/kinds.ts → lib; module → lib, db, providers, http, jobs/kinds.ts, its own files, other modules' index.ts;
  //   jobs → lib, db, providers, jobs/kinds.ts, modules' index.ts; seed → lib, db, modules' index.ts;
  //   app.ts, main.ts → everything, modules only through index.ts; config.ts → nothing of the server.
  {
    files: ['packages/server/src/**/*.ts'],
    // Tests (*.test.ts here, and packages/server/test/** which this block does not cover) are exempt:
    // they reach into a module to set up rows and fake its neighbours.
    ignores: ['**/*.test.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      'boundaries/include': ['packages/server/src/**'],
      // The plugin's default Node resolver cannot map `./x.js` to `x.ts`, and an unresolved import is never checked.
      'import/resolver': { [TS_RESOLVER]: {} },
      // Re-exports and dynamic imports are dependencies too (an index.ts could otherwise re-export internals).
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      // Elements are folders (v7: element patterns match folders; single files are classified by
      // 'boundaries/files' below). Matched against the path from the repository root.
      'boundaries/elements': [
        { type: 'jobs', pattern: 'packages/server/src/jobs', partialMatch: false },
        { type: 'module', pattern: 'packages/server/src/modules/*', partialMatch: false, capture: ['name'] },
        { type: 'providers', pattern: 'packages/server/src/providers/*', partialMatch: false, capture: ['kind'] },
        { type: 'lib', pattern: 'packages/server/src/lib', partialMatch: false },
        { type: 'db', pattern: 'packages/server/src/db', partialMatch: false },
        { type: 'http', pattern: 'packages/server/src/http', partialMatch: false },
        { type: 'seed', pattern: 'packages/server/src/seed', partialMatch: false },
        // Last, so it only takes what no folder above claims: app.ts, main.ts, config.ts (and any stray file,
        // which then has no allowance at all).
        { type: 'root', pattern: 'packages/server/src', partialMatch: false },
      ],
      // Files with rules of their own inside an element: the leaf kinds.ts in jobs/, and the root files.
      'boundaries/files': [
        { category: 'job-kinds', pattern: 'packages/server/src/jobs/kinds.ts' },
        { category: 'composition', pattern: 'packages/server/src/{app,main}.ts' },
        { category: 'config', pattern: 'packages/server/src/config.ts' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          // Imports between files of one element are checked too: kinds.ts and config.ts share their
          // element with files they must not import.
          checkInternals: true,
          policies: [
            { from: { element: { type: 'lib' } }, allow: [INTERNAL, { to: DB_SCHEMA, dependency: { kind: 'type' } }] },
            { from: { element: { type: 'db' } }, allow: [INTERNAL, { to: LIB }] },
            { from: { element: { type: 'providers' } }, allow: [{ to: [LIB, DB, PROVIDERS] }] },
            { from: { element: { type: 'http' } }, allow: [INTERNAL, { to: LIB }] },
            {
              from: { element: { type: 'module' } },
              allow: [INTERNAL, { to: [LIB, DB, PROVIDERS, HTTP, JOB_KINDS, MODULE_ENTRY] }, CONFIG_TYPE],
            },
            { from: { element: { type: 'jobs' } }, allow: [INTERNAL, { to: [LIB, DB, PROVIDERS, MODULE_ENTRY] }] },
            // kinds.ts is a leaf inside jobs/: the allowances of the jobs element above are withdrawn.
            { from: JOB_KINDS, disallow: { to: ANY_ELEMENT } },
            { from: JOB_KINDS, allow: { to: LIB } },
            {
              from: { element: { type: 'root' }, file: { categories: 'composition' } },
              allow: [INTERNAL, { to: [LIB, DB, PROVIDERS, HTTP, JOB_KINDS, JOBS, SEED, MODULE_ENTRY] }],
            },
            // root files without the composition category (config.ts) get no allowance: they import nothing of the server.
            { from: { element: { type: 'seed' } }, allow: [INTERNAL, { to: [LIB, DB, MODULE_ENTRY] }, CONFIG_TYPE] },
          ],
        },
      ],
    },
  },
  // One way to open a transaction: `transaction(db, work)` in db/client.ts, which repos built on
  // `db` join and nested calls share. Kysely's own `.transaction()` elsewhere would open a second,
  // separate one that the code around it cannot see.
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/db/client.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='transaction'][arguments.length=0]",
          message: 'Open transactions with transaction(db, work) from db/client.ts (one way, which nested calls join).',
        },
      ],
    },
  },
  // A module queries its own tables only (docs/architecture.md § Tables and their owners): repos
  // query through `tablesOf(db, module).query` (db/ownership.ts), whose type knows only that
  // module's tables and its declared reads, so the database's own builder stays inside db/.
  // Tests are exempt: they set up rows of any table.
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/db/**', '**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          property: 'kysely',
          message: "Query through your module's tablesOf(db, '<module>').query (db/ownership.ts): db.kysely knows every module's tables.",
        },
      ],
    },
  },
  // No import cycles in the server, type-only imports included: a cycle is two files that must be
  // read together, and the usual cure is a types file both import (a module's `<module>.types.ts`).
  {
    files: ['packages/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    // The same resolver as boundaries', in import-x's own interface (v3): `./x.js` is `x.ts`.
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [{ interfaceVersion: 3, name: 'changdu-ts', resolve: (source, file) => resolveTs(source, file) }],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'packages/e2e/**', 'bench/**', 'scripts/**', 'packages/contract/src/cli/**'],
    rules: { 'no-console': 'off' },
  },
);
