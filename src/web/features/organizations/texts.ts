// Labels of the organization's name form in Settings (ARCHITECTURE decision 1); its toast is
// AUTH_MESSAGES.organizationRenamed in src/domain/auth.ts.
export const ORGANIZATIONS_TEXTS = {
  title: 'Organization',
  description: 'The name your team and clients see.',
  name: 'Organization Name',
  save: 'Update Organization',
  saving: 'Saving...',
  currencyCode: 'Currency code (ISO 4217)',
  currencyExample: (sample: string) => `Amounts show as ${sample}`,
} as const;
