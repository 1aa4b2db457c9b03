// Words the shared components say, and the ones every feature repeats (Cancel, Retry, Load more):
// one place, so a dialog's Cancel reads the same everywhere. A feature's own labels live in its
// texts.ts, the spec's messages in src/domain's *_MESSAGES. Issue 48 (decision 045): these are in
// the `core` part, which every page downloads before its first render, the sign-in page too, so
// only words the shared components themselves show belong here.
export const UI_TEXTS = {
  /** The product's name: the same in every language, not a text to translate. */
  appName: 'Brieflane',
  cancel: /*i18n*/ { id: 'core.cancel', message: 'Cancel' },
  close: /*i18n*/ { id: 'core.close', message: 'Close' },
  closeMenu: /*i18n*/ { id: 'core.closeMenu', message: 'Close menu' },
  delete: /*i18n*/ { id: 'core.delete', message: 'Delete' },
  retry: /*i18n*/ { id: 'core.retry', message: 'Retry' },
  retrying: /*i18n*/ { id: 'core.retrying', message: 'Retrying...' },
  /** Spec 2's status line while something loads. */
  loading: /*i18n*/ { id: 'core.loading', message: 'Loading...' },
  /** The accessible name of a placeholder (a skeleton) that holds a page's place while it loads. */
  loadingLabel: /*i18n*/ { id: 'core.loadingLabel', message: 'Loading' },
  loadMore: /*i18n*/ { id: 'core.loadMore', message: 'Load more' },
  breadcrumb: /*i18n*/ { id: 'core.breadcrumb', message: 'Breadcrumb' },
  // The client picker of the project forms (components/client-select).
  clientSelect: {
    label: /*i18n*/ { id: 'core.client.label', message: 'Client' },
    loading: /*i18n*/ { id: 'core.client.loading', message: 'Loading clients...' },
    placeholder: /*i18n*/ { id: 'core.client.placeholder', message: 'Select a client' },
  },
  // A project's questionnaire (components/questionnaire).
  questionnaire: {
    label: /*i18n*/ { id: 'core.questionnaire.label', message: 'Questionnaire' },
    /** A choice field's placeholder, `{field}` its label (lower-cased where the language does so). */
    selectPlaceholder: /*i18n*/ { id: 'core.questionnaire.select', message: 'Select {field}' },
  },
};
