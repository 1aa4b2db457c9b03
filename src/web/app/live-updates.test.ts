import { describe, expect, it } from 'vitest';
import { CHANGE_TOPICS, type PageTopic } from '@/domain/change-topics';
import { commentKeys } from '@/web/features/comments/api';
import { taskKeys } from '@/web/features/tasks/api';
import { memberProjectSource, sharedProjectSource } from '@/web/lib/project-source';
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

  it("refreshes an open task's panel on its project's events: the task, its activity, its comments (issue 29)", () => {
    const refreshed = keysForEvent(MEMBER_LIVE_REFRESH, { organizationId: ORG, projectId: 'p1', topic: 'project' }) as unknown[][];
    const covers = (key: readonly unknown[]) => refreshed.some((prefix) => prefix.every((part, index) => key[index] === part));
    const source = memberProjectSource('p1');
    expect(covers(taskKeys.detail(source, 't1'))).toBe(true);
    expect(covers(taskKeys.activity(source, 't1'))).toBe(true);
    expect(covers(commentKeys.list(source, 't1'))).toBe(true);
    expect(covers(commentKeys.mentionable(source))).toBe(true);
    // Another project's event leaves them alone.
    const other = keysForEvent(MEMBER_LIVE_REFRESH, { organizationId: ORG, projectId: 'p2', topic: 'project' }) as unknown[][];
    expect(other.some((prefix) => prefix.every((part, index) => commentKeys.list(source, 't1')[index] === part))).toBe(false);
  });

  it("keeps a shared page's panel under the link's key, which its socket refreshes on every event of the project", () => {
    const source = sharedProjectSource('tok', null);
    for (const key of [taskKeys.detail(source, 't1'), commentKeys.list(source, 't1')]) expect(key.slice(0, 2)).toEqual(['project-access', 'tok']);
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
