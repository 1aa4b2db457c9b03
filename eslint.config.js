import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** A no-restricted-imports block for `files`. */
function restrictImports(files, patterns) {
  return { files, rules: { 'no-restricted-imports': ['error', { patterns }] } };
}

const WEB_NOT_SERVER = { regex: '(^@/server/|(^|/)server/)', message: 'The web app talks to the server over HTTP only; shared rules live in src/domain (decision 012).' };

const WEB_FEATURES = readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A feature may use another feature only through its api.ts; the app composes their components. */
function featureBoundary(feature) {
  const others = WEB_FEATURES.filter((name) => name !== feature).join('|');
  return restrictImports([`src/web/features/${feature}/**/*.{ts,tsx}`], [
    WEB_NOT_SERVER,
    {
      regex: `^(@/web/features/|(\\.\\./)+)(${others})/(?!api$)`,
      message: `A feature imports another feature's api.ts only; the app composes their components (decision 012).`,
    },
  ]);
}

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/', 'db/migrations/'] },
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
  // Boundaries (docs/decisions/012): what each layer may import. A later block for the same
  // files replaces an earlier one's rule, so each block lists every pattern its files obey.
  restrictImports(['src/server/modules/**/*.ts'], [
    {
      // '../<other module>/...' from a module's flat folder; '../../platform', '../../../domain' pass.
      regex: '^\\.\\./(?!\\.\\./)(?!templates/public$)[^/]+/',
      message: 'A server module imports platform, domain and its own files only; templates/public is the one shared read (decision 012).',
    },
  ]),
  restrictImports(['src/server/platform/**/*.ts'], [{ regex: '(^|/)modules/', message: 'Platform serves the modules and never imports one (decision 012).' }]),
  restrictImports(['src/domain/**/*.ts'], [
    {
      regex: '^(?!zod$|date-fns$|vitest$|\\./)',
      message: 'Domain rules are pure: zod, date-fns and each other only; no I/O, server, web or React (decision 012).',
    },
  ]),
  restrictImports(['src/web/**/*.{ts,tsx}'], [WEB_NOT_SERVER]),
  restrictImports(['src/web/components/**/*.{ts,tsx}', 'src/web/lib/**/*.{ts,tsx}'], [
    WEB_NOT_SERVER,
    { regex: '(^@/web/|^(\\.\\./)+)(features|app)/', message: 'Shared components and lib serve the features and never import one (decision 012).' },
  ]),
  ...WEB_FEATURES.map(featureBoundary),
  {
    // The app's own files (migrations, the database template, the web build, package.json) come
    // from platform/app-files.ts: a path worked out from a module's own location is right under
    // src/ or under dist/server/, never both (issue 26: backups of every built install failed).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/platform/app-files.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "MemberExpression[object.type='MetaProperty'][property.name=/^(dirname|filename)$/]",
          "CallExpression[callee.name='fileURLToPath'] > MemberExpression[object.type='MetaProperty'][property.name='url']",
          "NewExpression[callee.name='URL'] > MemberExpression[object.type='MetaProperty'][property.name='url']",
          "Identifier[name=/^__(dirname|filename)$/]",
        ].map((selector) => ({ selector, message: "Find the app's own files through appFiles (src/server/platform/app-files.ts), not from this module's location." })),
      ],
    },
  },
);
