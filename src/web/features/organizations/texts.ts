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
} as const;
