import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The packages src/domain may import (a regex each): anything else named by a package name
 * (not '.', '..' or the '@/' alias, which the zones judge) is refused.
 */
function domainPackages(files, allowed) {
  const regex = `^(?!\\.|@/)(?!(${allowed.join('|')})$)`;
  return {
    files,
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex, message: 'Domain rules are pure: zod, date-fns and each other only; no I/O, server, web or React (decision 012).' }] }],
    },
  };
}

const WEB_FEATURES = readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const SERVER_MODULES = readdirSync(new URL('./src/server/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A module's public.ts, where it has one: what other modules may import of it. */
const MODULE_PUBLIC = SERVER_MODULES.filter((name) => existsSync(new URL(`./src/server/modules/${name}/public.ts`, import.meta.url)));

/** Modules that own tables: their schema.ts (issue 47, decision 043). */
const MODULE_SCHEMA = SERVER_MODULES.filter((name) => existsSync(new URL(`./src/server/modules/${name}/schema.ts`, import.meta.url)));

/**
 * The boundaries (decision 012), judged on the file an import resolves to, whatever its spelling
 * ('@/...', '../..', './../x'): import-x's no-restricted-paths with tsconfig's paths (issue 28).
 * Paths are relative to this folder; an `except` is relative to its zone's `from`.
 * `tablesOpen`: the files that may name any module's tables from its schema.ts (issue 47,
 * decision 043): a schema.ts for its foreign keys, and tests, which read what a write left.
 */
function boundaryZones({ tablesOpen }) {
  return [
    ...SERVER_MODULES.map((name) => ({
      target: `./src/server/modules/${name}`,
      from: './src/server/modules',
      except: [
        `./${name}`,
        ...MODULE_PUBLIC.filter((other) => other !== name).map((other) => `./${other}/public.ts`),
        ...(tablesOpen ? MODULE_SCHEMA.filter((other) => other !== name).map((other) => `./${other}/schema.ts`) : []),
      ],
      message: "A server module imports platform, domain and its own files; another module only through that module's public.ts (decision 012).",
    })),
    {
      target: './src/server/platform',
      from: './src/server/modules',
      except: tablesOpen ? MODULE_SCHEMA.map((name) => `./${name}/schema.ts`) : [],
      message: 'Platform serves the modules and never imports one (decision 012).',
    },
    {
      target: './src/server/platform',
      from: './src/server/services',
      message: 'Platform is infrastructure: it knows no feature policy, so never the shared services (issue 28, decision 012).',
    },
    {
      target: './src/server/services',
      from: './src/server/modules',
      except: MODULE_SCHEMA.map((name) => `./${name}/schema.ts`),
      message: "The shared services serve the modules and never import one; they may name a module's tables (its schema.ts; issue 28, decision 043).",
    },
    {
      target: ['./src/server/platform', './src/server/services', './src/server/modules'],
      from: './src/server/dev',
      message: 'The demo seed and the dev mailbox are composed by app.ts, main.ts and the scripts only (issue 47).',
    },
    { target: './src/server', from: './src/web', message: 'The server does not import the web app (decision 012).' },
    {
      // No server or web code, nor any other file of ours outside src/domain; which packages it
      // may use (node_modules) is domainPackages' business below.
      target: './src/domain',
      from: '.',
      except: ['./src/domain', './node_modules'],
      message: 'Domain rules are pure: no server or web code, only other domain files (decision 012).',
    },
    { target: './src/web', from: './src/server', message: 'The web app talks to the server over HTTP only; shared rules live in src/domain (decision 012).' },
    {
      target: ['./src/web/lib', './src/web/components'],
      from: ['./src/web/features', './src/web/app'],
      message: 'Shared components and lib serve the features and never import one (decision 012).',
    },
    { target: './src/web/features', from: './src/web/app', message: 'A feature never imports the app; the app composes the features (issue 28).' },
    ...WEB_FEATURES.map((name) => ({
      target: `./src/web/features/${name}`,
      from: './src/web/features',
      except: [`./${name}`, ...WEB_FEATURES.filter((other) => other !== name).map((other) => `./${other}/api.ts`)],
      message: "A feature imports another feature's api.ts only; the app composes their components (decision 012).",
    })),
  ];
}
const RESOLVED_ZONES = boundaryZones({ tablesOpen: false });
const TABLES_OPEN_ZONES = boundaryZones({ tablesOpen: true });

/** Issue 47: the outlets that write the activity row, the news, the live change and the webhooks are emit's alone. */
const EMIT_ZONE = {
  target: './src/server/modules',
  from: ['./src/server/services/outlets', './src/server/platform/realtime/publish-change.ts'],
  message: "A module tells what happened with emit(tx, event) from services/events.ts; the outlets are emit's (issue 47).",
};

/** Syntax refused in every file of src/ (the block that uses it, below). */
const SOURCE_SYNTAX = [
  ...[
    "MemberExpression[object.type='MetaProperty'][property.name=/^(dirname|filename)$/]",
    "CallExpression[callee.name='fileURLToPath'] > MemberExpression[object.type='MetaProperty'][property.name='url']",
    "NewExpression[callee.name='URL'] > MemberExpression[object.type='MetaProperty'][property.name='url']",
    "Identifier[name=/^__(dirname|filename)$/]",
  ].map((selector) => ({ selector, message: "Find the app's own files through appFiles (src/server/platform/app-files.ts), not from this module's location." })),
  {
    // Node 22+ reads a package's package.json again for every file it resolves in it, and
    // date-fns's is 200 KB: `import from 'date-fns'` (all 300 functions) cost 1.3 s a process
    // on Node 24 against 0.13 s for the five we use (decision 030).
    selector: "ImportDeclaration[source.value='date-fns']",
    message: "Import each date-fns function from its own path ('date-fns/format'), not the package's index (decision 030).",
  },
];

const FETCH_STUB_MESSAGE =
  "Answer the app's requests with the web test kit (src/web/test/: apiServer.use(...) in api-server.ts, a resource's handlers in api-handlers.ts; msw), not a stubbed fetch: it records what was sent (sentRequests) and fails the test on a request nobody answers (issue 47).";
const GLOBAL = '/^(globalThis|window|global|self)$/';

/** Ways a test replaces the global fetch. */
const FETCH_STUBS = [
  "CallExpression[callee.object.name='vi'][callee.property.name='stubGlobal'][arguments.0.value='fetch']",
  `CallExpression[callee.object.name='vi'][callee.property.name='spyOn'][arguments.0.name=${GLOBAL}][arguments.1.value='fetch']`,
  `CallExpression[callee.object.name='Object'][callee.property.name='defineProperty'][arguments.0.name=${GLOBAL}][arguments.1.value='fetch']`,
  `AssignmentExpression > MemberExpression.left[object.name=${GLOBAL}]:matches([property.name='fetch'], [property.value='fetch'])`,
].map((selector) => ({ selector, message: FETCH_STUB_MESSAGE }));

/** Web tests that may stub fetch, each with its reason. */
const FETCH_STUB_EXCEPTIONS = [
  // api-client.ts is the one module that calls fetch, below the layer the kit answers at: its
  // test checks what it hands fetch (credentials, headers, body), a network failure as fetch's
  // own TypeError, and its Retry-After wait under fake timers.
  'src/web/lib/api-client.test.ts',
];

/** Web folders whose words are not in the catalogs yet (issue 48): the literal-string rule skips them. */
const UNTRANSLATED_WEB = [
  // inbox: its words are the domain's (INBOX_TEXTS), translated with the domain's.
  'src/web/features/inbox/**',
];

export default tseslint.config(
  // src/locales/*/*.ts: catalogs compiled by `npm run i18n` (decision 044).
  { ignores: ['dist/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/', 'db/migrations/', 'src/locales/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Boundaries between our own files are the resolved zones below (RESOLVED_ZONES). What the
  // zones cannot see is which packages a file uses: domain rules stay pure (decision 012).
  domainPackages(['src/domain/**/*.ts'], ['zod', 'date-fns/[A-Za-z]+', 'vitest']),
  // Their tests may also generate cases with fast-check (issue 32: property tests of durations, money and hours).
  domainPackages(['src/domain/**/*.test.ts'], ['zod', 'date-fns/[A-Za-z]+', 'vitest', 'fast-check']),
  // Issue 51 item 4 (decision 046): a recurring task's dates through rrule (RFC 5545), pure
  // calculation like date-fns, in this one wrapper, which the web app never imports.
  domainPackages(['src/domain/recurrence-dates.ts'], ['zod', 'date-fns/[A-Za-z]+', 'rrule']),
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle reads the files an import reaches: ours only (TypeScript), never a package.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/ignore': ['node_modules'],
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'], tsconfig: { configFile: path.resolve(import.meta.dirname, 'tsconfig.json') } }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: RESOLVED_ZONES }], 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The web test kit (src/web/test) composes the app for component tests: the app's own code
    // never imports it, only tests and the kit itself do (issue 28 item 4).
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/**/*.test.{ts,tsx}', 'src/web/test/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [...RESOLVED_ZONES, { target: './src/web', from: './src/web/test', message: 'The web test kit serves tests only; the app never imports it (issue 28).' }],
        },
      ],
    },
  },
  {
    // Issue 47: a module says what happened with emit(tx, event) (services/events.ts); the outlets
    // that write the activity row, the news, the live change and the webhooks are emit's alone.
    // Tests may drive an outlet to prove it (a write that rolls back leaves nothing).
    files: ['src/server/modules/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/modules/*/schema.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: [...RESOLVED_ZONES, EMIT_ZONE] }] },
  },
  {
    // Issue 47 (decision 043): a module's schema.ts names other modules' tables for its foreign
    // keys; a server test reads any table to check what a write left.
    files: ['src/server/modules/*/schema.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: [...TABLES_OPEN_ZONES, EMIT_ZONE] }] },
  },
  {
    files: ['src/server/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: TABLES_OPEN_ZONES }] },
  },
  {
    // The app's own files (migrations, the database template, the web build, package.json) come
    // from platform/app-files.ts: a path worked out from a module's own location is right under
    // src/ or under dist/server/, never both (issue 26: backups of every built install failed).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/platform/app-files.ts'],
    rules: { 'no-restricted-syntax': ['error', ...SOURCE_SYNTAX] },
  },
  {
    // A web test answers the app's requests with the web test kit, not a stubbed fetch (issue 47).
    // This block's no-restricted-syntax replaces the one above for these files, so it repeats it.
    files: ['src/web/**/*.test.{ts,tsx}'],
    ignores: FETCH_STUB_EXCEPTIONS,
    rules: { 'no-restricted-syntax': ['error', ...SOURCE_SYNTAX, ...FETCH_STUBS] },
  },
  {
    // Issue 48 item 5: words people read are texts of the catalogs (`t(TEXTS.x)`), never literal
    // strings in a component: its JSX text, and the attributes a screen reader or the eye reads.
    // The folders listed are not translated yet (decision 045); each leaves the list as it is.
    files: ['src/web/**/*.tsx'],
    ignores: ['src/web/**/*.test.tsx', 'src/web/test/**', ...UNTRANSLATED_WEB],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: ['aria-label', 'aria-description', 'placeholder', 'title', 'alt', 'label', 'description'] },
          // Field names and part names are code, not words: form.register('email'), useT('time').
          // date-fns patterns are formats (issue 48 item 3 moves them to Intl).
          callees: { exclude: ['t', 'translate', 'useT', 'loadTexts', 'en', 'format', '(.*\\.)?(register|setValue|getValues|watch|setFocus|setError|clearErrors|trigger)'] },
          // One lower-case token is a value of the code ('board', 'combobox'), not a word people
          // read; numbers and punctuation, and SHOUTED constants, as the rule's defaults.
          words: { exclude: ['[0-9!-/:-@[-`{-~\\s·•–—…×]+', '[A-Z_-]+', '[a-z][a-zA-Z0-9_-]*'] },
          message: 'A word people read comes from a texts.ts descriptor through t() (issue 48, decision 045)',
        },
      ],
    },
  },
);
