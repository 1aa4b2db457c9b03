// Words the shared components say, and the ones every feature repeats (Cancel, Retry, Load more):
// one place, so a dialog's Cancel reads the same everywhere. A feature's own labels live in its
// texts.ts, the spec's messages in src/domain's *_MESSAGES.
export const UI_TEXTS = {
  appName: 'Brieflane',
  cancel: 'Cancel',
  close: 'Close',
  closeMenu: 'Close menu',
  delete: 'Delete',
  retry: 'Retry',
  retrying: 'Retrying...',
  /** Spec 2's status line while something loads. */
  loading: 'Loading...',
  /** The accessible name of a placeholder (a skeleton) that holds a page's place while it loads. */
  loadingLabel: 'Loading',
  loadMore: 'Load more',
  breadcrumb: 'Breadcrumb',
  // The client picker of the project forms (components/client-select).
  clientSelect: {
    label: 'Client',
    loading: 'Loading clients...',
    placeholder: 'Select a client',
  },
  // A project's questionnaire (components/questionnaire).
  questionnaire: {
    label: 'Questionnaire',
    selectPlaceholder: (fieldLabel: string) => `Select ${fieldLabel.toLowerCase()}`,
  },
} as const;
