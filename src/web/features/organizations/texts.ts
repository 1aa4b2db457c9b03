// Labels of the organization's name form in Settings (ARCHITECTURE decision 1); its toast is
// AUTH_MESSAGES.organizationRenamed in src/domain/auth.ts. Message descriptors each component
// translates (issue 48, decisions 044 and 045) with `useT('organizations')`.
export const ORGANIZATIONS_TEXTS = {
  title: /*i18n*/ { id: 'organizations.title', message: 'Organization' },
  description: /*i18n*/ { id: 'organizations.description', message: 'The name your team and clients see.' },
  name: /*i18n*/ { id: 'organizations.name', message: 'Organization Name' },
  save: /*i18n*/ { id: 'organizations.save', message: 'Update Organization' },
  saving: /*i18n*/ { id: 'organizations.saving', message: 'Saving...' },
  currencyCode: /*i18n*/ { id: 'organizations.currencyCode', message: 'Currency code (ISO 4217)' },
  currencyExample: /*i18n*/ { id: 'organizations.currencyExample', message: 'Amounts show as {sample}' },
  /** Issue 48: the organization's language, which its emails speak. */
  languageTitle: /*i18n*/ { id: 'organizations.languageTitle', message: 'Organization language' },
  languageDescription: /*i18n*/ {
    id: 'organizations.languageDescription',
    message: 'The language of emails to members who have not chosen one, and to clients. Each member’s screens follow their own choice.',
  },
  languageSaved: /*i18n*/ { id: 'organizations.languageSaved', message: 'Organization language saved' },
  languageSaveFailed: /*i18n*/ { id: 'organizations.languageSaveFailed', message: 'The organization language could not be saved.' },
} as const;
