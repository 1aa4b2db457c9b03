// Issue 48 (decisions 044 and 045): Lingui's catalogs, one PO file per language and part of the
// app, each compiled to a TypeScript module (`npm run i18n`) that the web app loads for the active
// language and the parts a page shows only, and the server for the language of a request or an
// email. Texts are written as `/*i18n*/ { id, message }` with the English source; `lingui extract`
// finds them by that comment. A text's id starts with its part's name (src/web/lib/i18n.ts).
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { DOMAIN_FILE_PARTS } from './src/domain/word-parts';

const tests = ['**/*.test.*', '**/test/**'];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'es', 'pseudo'],
  pseudoLocale: 'pseudo',
  fallbackLocales: { default: 'en' },
  // Line numbers would change every catalog on every edit of a source file.
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      // What any page may show: the shared components, the language menu. Every page loads it
      // before its first render, the sign-in page too, so it stays small (issue 48 item 6).
      path: '<rootDir>/src/locales/{locale}/core',
      include: ['<rootDir>/src/web/components', '<rootDir>/src/web/lib', ...DOMAIN_FILE_PARTS.core.map((file) => `<rootDir>/src/domain/${file}`)],
      exclude: tests,
    },
    {
      // The app's frame and pages (src/web/app): the signed-in shell, the route errors.
      path: '<rootDir>/src/locales/{locale}/app',
      include: ['<rootDir>/src/web/app'],
      exclude: tests,
    },
    {
      // One part per web feature, named after its folder (`auth`: the signed-out screens).
      path: '<rootDir>/src/locales/{locale}/{name}',
      include: ['<rootDir>/src/web/features/{name}/'],
      exclude: tests,
    },
    {
      // The server's own words in its answers (src/server/platform/messages.ts and the like).
      path: '<rootDir>/src/locales/{locale}/server',
      include: ['<rootDir>/src/server'],
      exclude: tests,
    },
    // The rules' words (statuses, priorities, validation), shown by the web app and written by
    // the server: the sign-in screens' and a share link's apart (src/domain/word-parts.ts).
    ...Object.entries(DOMAIN_FILE_PARTS)
      .filter(([part]) => part !== 'core')
      .map(([part, files]) => ({
      path: `<rootDir>/src/locales/{locale}/${part}`,
      include: files.map((file) => `<rootDir>/src/domain/${file}`),
      exclude: tests,
    })),
    {
      path: '<rootDir>/src/locales/{locale}/domain',
      include: ['<rootDir>/src/domain'],
      exclude: [...tests, ...Object.values(DOMAIN_FILE_PARTS).flat().map((file) => `<rootDir>/src/domain/${file}`)],
    },
  ],
});
