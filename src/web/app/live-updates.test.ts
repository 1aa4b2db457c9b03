import { describe, expect, it } from 'vitest';
import { CHANGE_TOPICS, type PageTopic } from '@/domain/change-topics';
import { keysForEvent, type LiveEvent } from '@/web/lib/realtime';
import { MEMBER_LIVE_REFRESH } from './live-updates';

const ORG = 'org';
const keys = (event: LiveEvent) =>
  (keysForEvent(MEMBER_LIVE_REFRESH, event) as unknown[][]).map((key) => key.join('/')).sort();

describe("the member pages' live-update contract (issue 9 step 5)", () => {
  it("refreshes something for every topic the server publishes to pages (the one list in src/domain, issue 28)", () => {
    const pageTopics = CHANGE_TOPICS.filter((topic): topic is PageTopic => topic !== 'sessions');
    for (const topic of pageTopics) {
      expect(keys({ organizationId: ORG, projectId: null, topic }).length, topic).toBeGreaterThan(0);
    }
  });

  it("refreshes a project's own data, the lists, the log and the reports on a project event", () => {
    expect(keys({ organizationId: ORG, projectId: 'p1', topic: 'project' })).toEqual(
      ['activities', 'my-work', 'project-data/p1', 'projects', 'reports', 'sharing/p1'].sort(),
    );
  });

  it('refreshes what each list topic can change, and everything on a resync', () => {
    expect(keys({ organizationId: ORG, projectId: null, topic: 'projects' })).toEqual(['activities', 'my-work', 'projects', 'reports']);
    expect(keys({ organizationId: ORG, projectId: null, topic: 'clients' })).toEqual(['activities', 'clients', 'projects', 'reports']);
    expect(keys({ organizationId: ORG, projectId: null, topic: 'templates' })).toEqual(['activities', 'templates']);
    expect(keys({ organizationId: ORG, projectId: null, topic: 'team' })).toEqual(['activities', 'me', 'my-work', 'sharing', 'team']);
    // A notification for this member (issue 16): the inbox alone.
    expect(keys({ organizationId: ORG, projectId: null, topic: 'inbox' })).toEqual(['inbox']);
    expect(keys({ organizationId: ORG, projectId: null, topic: 'organization' })).toEqual(['me']);
    expect(keysForEvent(MEMBER_LIVE_REFRESH, { topic: 'resync' })).toBe('all');
  });
});
