// Issue 48 (decision 044): Lingui's catalogs, one PO file per language and part of the app, each
// compiled to a TypeScript module (`npm run i18n`) that the web app loads for the active language
// only, and the server for the language of a request or an email. Texts are written as
// `/*i18n*/ { id, message }` with the English source; `lingui extract` finds them by that comment.
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'es', 'pseudo'],
  pseudoLocale: 'pseudo',
  fallbackLocales: { default: 'en' },
  // Line numbers would change every catalog on every edit of a source file.
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      // What any page may show first: the signed-out screens (sign in, sign up, reset) and the
      // language menu; every page loads it, so it stays small (issue 48 item 6).
      path: '<rootDir>/src/locales/{locale}/core',
      include: [
        '<rootDir>/src/web/features/auth',
        '<rootDir>/src/web/components/ui/language-select.tsx',
        '<rootDir>/src/web/features/settings/components/language-card.tsx',
      ],
      exclude: ['**/*.test.*'],
    },
  ],
});
