// Labels of the Activities tab and of a page's Recent Activity (spec 2 "Activities tab", issue
// 14); the spec's wording (title, messages, filter names) is in src/domain/activity.ts.
export const ACTIVITY_TEXTS = {
  searchLabel: 'Search activity logs',
  searchPlaceholder: 'Search by user, email, project or action...',
  filterLabel: 'Filter by action',
  loadingLog: 'Loading activity logs',
  entries: 'Activity entries',
  recent: {
    title: 'Recent Activity',
    loading: 'Loading recent activity',
    empty: 'No activity yet.',
    failed: 'Recent activity could not be loaded.',
    all: 'View all activity',
  },
} as const;
