// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { SUGGESTED_SKILL_TAGS } from '@/domain/team';
import { teamApi } from '@/web/test/api-handlers';
import { apiServer, byCursor, sentRequests } from '@/web/test/api-server';
import { teamTagsQuery } from './api';

describe('teamTagsQuery (the skill tag suggestions)', () => {
  it('reads every page of the tags in use, then puts the suggested ones first, each tag once (issue 36: none left out)', async () => {
    apiServer.use(
      teamApi.tags(
        byCursor({
          '': { items: ['Accessibility', 'react'], nextCursor: 'c1' },
          c1: { items: ['Zapier'], nextCursor: null },
        }),
      ),
    );
    const tags = await new QueryClient().fetchQuery(teamTagsQuery);
    // 'react' is the suggested 'React', offered once.
    expect(tags).toEqual([...SUGGESTED_SKILL_TAGS, 'Accessibility', 'Zapier']);
    expect(sentRequests.map(({ path }) => path)).toEqual(['/api/team/tags', '/api/team/tags?cursor=c1']);
  });
});
