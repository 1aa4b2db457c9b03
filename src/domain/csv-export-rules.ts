// The CSV exports' messages without zod (issue 15): the lists' export link is on pages that load
// no schema library (decision 013). The columns and query schemas are in ./csv-export.ts.

export const EXPORT_MESSAGES = {
  button: 'Export CSV',
  forbidden: 'You do not have permission to export this list.',
} as const;
