// The app's own words around the features: the dashboard shell and the tab placeholders (spec 2).
// Features keep theirs in their texts.ts; the landing, welcome and not-found pages theirs in
// pages/texts.ts, which only those lazily loaded pages download. The route error screen keeps
// ROUTE_ERROR_TEXTS beside it: it is in every first download.
import { tabTitle, type DashboardTab } from '@/domain/roles';

export const APP_TEXTS = {
  shell: {
    navigation: 'Dashboard',
    organization: 'Organization',
    skipToContent: 'Skip to content',
    openMenu: 'Open menu',
    menuDescription: 'Navigate between the dashboard sections',
  },
  // A `?tab=` that is no tab, or one the user may not use (issue 14).
  tabUnavailable: {
    unknownTitle: 'Page not found',
    unknown: 'There is no such page in Brieflane.',
    forbiddenTitle: 'No access',
    forbidden: (tab: DashboardTab) =>
      // Spec 2's text for activity logs (ACTIVITY_MESSAGES.forbidden, not imported: that module
      // brings date-fns and zod into the dashboard's first download).
      tab === 'activities' ? "You don't have permission to view activity logs." : `You don't have permission to view ${tabTitle(tab)}.`,
    goToProjects: 'Go to Projects',
  },
} as const;
