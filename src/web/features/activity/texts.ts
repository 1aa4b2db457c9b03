// Labels of the Activities tab and of a page's Recent Activity (spec 2 "Activities tab", issue
// 14), as message descriptors each component translates (issue 48, decision 045:
// `useT('activity')`); the spec's wording (title, messages, filter names) is in
// src/domain/activity.ts.
export const ACTIVITY_TEXTS = {
  searchLabel: /*i18n*/ { id: 'activity.searchLabel', message: 'Search activity logs' },
  searchPlaceholder: /*i18n*/ { id: 'activity.searchPlaceholder', message: 'Search by user, email, project or action...' },
  filterLabel: /*i18n*/ { id: 'activity.filterLabel', message: 'Filter by action' },
  loadingLog: /*i18n*/ { id: 'activity.loadingLog', message: 'Loading activity logs' },
  entries: /*i18n*/ { id: 'activity.entries', message: 'Activity entries' },
  recent: {
    title: /*i18n*/ { id: 'activity.recent.title', message: 'Recent Activity' },
    loading: /*i18n*/ { id: 'activity.recent.loading', message: 'Loading recent activity' },
    empty: /*i18n*/ { id: 'activity.recent.empty', message: 'No activity yet.' },
    failed: /*i18n*/ { id: 'activity.recent.failed', message: 'Recent activity could not be loaded.' },
    all: /*i18n*/ { id: 'activity.recent.all', message: 'View all activity' },
  },
} as const;
