// The CSV exports' messages without zod (issue 15): the lists' export link is on pages that load
// no schema library (decision 013). The columns and query schemas are in ./csv-export.ts.

export const EXPORT_MESSAGES = {
  button: /*i18n*/ { id: 'domain.csv-export-rules.button', message: 'Export CSV' },
  forbidden: /*i18n*/ { id: 'domain.csv-export-rules.forbidden', message: 'You do not have permission to export this list.' },
} as const;
