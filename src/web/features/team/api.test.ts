import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUGGESTED_SKILL_TAGS } from '@/domain/team';
import { teamTagsQuery } from './api';

describe('teamTagsQuery (the skill tag suggestions)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads every page of the tags in use, then puts the suggested ones first, each tag once (issue 36: none left out)', async () => {
    const pages: Record<string, { items: string[]; nextCursor: string | null }> = {
      '': { items: ['Accessibility', 'react'], nextCursor: 'c1' },
      c1: { items: ['Zapier'], nextCursor: null },
    };
    const fetch = vi.fn(async (url: string) => {
      const cursor = new URL(url, 'http://app.test').searchParams.get('cursor') ?? '';
      return new Response(JSON.stringify(pages[cursor]), { status: 200 });
    });
    vi.stubGlobal('fetch', fetch);
    const tags = await new QueryClient().fetchQuery(teamTagsQuery);
    // 'react' is the suggested 'React', offered once.
    expect(tags).toEqual([...SUGGESTED_SKILL_TAGS, 'Accessibility', 'Zapier']);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/team/tags', '/api/team/tags?cursor=c1']);
  });
});
