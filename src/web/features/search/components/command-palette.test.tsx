// @vitest-environment jsdom
// Issue 49 item 20: what the palette lists reads right: a team member as "Marcus Reed · Admin",
// one My Work command, and a comment's snippet as its words, not its Markdown.
import { en } from '@/web/test/texts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SearchAnswer } from '@/domain/search';
import { highlight } from '@/domain/search-rules';
import { searchApi, timeApi } from '@/web/test/api-handlers';
import { apiServer } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { SEARCH_TEXTS } from '../texts';
import { CommandPalette } from './command-palette';

const ANA = '0b5c2a5e-1f3a-4c1d-9e2f-3a4b5c6d7e8f';

const ANSWER = (query: string): SearchAnswer => ({
  query,
  groups: [
    {
      kind: 'comment',
      results: [
        {
          id: 'c1',
          title: highlight('Logo review', query),
          context: 'Zephyr Rebrand',
          snippet: highlight(`Thanks @[Ana Lima](${ANA}), the **marmalade** [palette](https://example.com/palette) is _ready_:\n- one \`mark\``, query),
          target: { kind: 'comment', projectId: 'p1', taskId: 't1', commentId: 'c1' },
        },
      ],
    },
    {
      kind: 'member',
      results: [{ id: 'm1', title: highlight('Marcus Reed', query), context: 'Admin', snippet: null, target: { kind: 'member', memberId: 'm1' } }],
    },
  ],
});

async function renderPalette() {
  apiServer.use(searchApi.search(({ query }) => ANSWER(query.get('q') ?? '')), timeApi.timer());
  await renderWithProviders(<CommandPalette open onOpenChange={() => {}} onShowShortcuts={() => {}} />, { signedInAs: 'admin', route: '/' });
  return (await screen.findByRole('combobox', { name: en(SEARCH_TEXTS.input) }, { timeout: 15_000 })) as HTMLInputElement;
}

const group = (name: string) => screen.getByRole('group', { name });

describe('The command palette reads right', () => {
  it('shows a team member as name · role, the name marked', async () => {
    const box = await renderPalette();
    fireEvent.change(box, { target: { value: 'marcus' } });
    const members = await screen.findByRole('group', { name: en(SEARCH_TEXTS.kinds.member) }, { timeout: 5_000 });
    const option = within(members).getByRole('option');
    expect(option.textContent).toBe(en(SEARCH_TEXTS.memberWithRole, { name: 'Marcus Reed', role: 'Admin' }));
    expect(option.textContent).toBe('Marcus Reed · Admin');
    expect(option.textContent).not.toContain(en(SEARCH_TEXTS.inContext, { context: 'Admin' }));
    expect(option.querySelector('mark')?.textContent).toBe('Marcus');
  });

  it("shows a comment's snippet as its words, without the Markdown, the match still marked", async () => {
    const box = await renderPalette();
    fireEvent.change(box, { target: { value: 'marmalade' } });
    const comments = await screen.findByRole('group', { name: en(SEARCH_TEXTS.kinds.comment) }, { timeout: 5_000 });
    const option = within(comments).getByRole('option');
    expect(option.textContent).toContain('Thanks @Ana Lima, the marmalade palette is ready:\none mark');
    for (const syntax of ['**', '](', ANA, '_ready_', '`', '\n- ']) expect(option.textContent).not.toContain(syntax);
    expect([...option.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['marmalade']);
  });

  it('lists My Work once, found by its words and by the shortcut sheet’s "Go to My Work"', async () => {
    const box = await renderPalette();
    const actions = group(en(SEARCH_TEXTS.actions));
    const myWork = within(actions)
      .getAllByRole('option')
      .filter((option) => /my work/i.test(option.textContent ?? ''));
    expect(myWork.map((option) => option.textContent)).toEqual([en(SEARCH_TEXTS.openMyWork)]);
    for (const typed of ['my work', 'assigned', 'go to my work']) {
      fireEvent.change(box, { target: { value: typed } });
      await waitFor(() => expect(within(group(en(SEARCH_TEXTS.actions))).getAllByRole('option').map((option) => option.textContent)).toEqual([en(SEARCH_TEXTS.openMyWork)]));
    }
  });

  it('goes to a section of Settings: "Settings: Security" is found by typing, not listed before, and Enter opens it', async () => {
    function Address() {
      const { pathname, search } = useLocation();
      return <output data-testid="address">{pathname + search}</output>;
    }
    apiServer.use(searchApi.search(({ query }) => ({ query: query.get('q') ?? '', groups: [] })), timeApi.timer());
    await renderWithProviders(
      <>
        <CommandPalette open onOpenChange={() => {}} onShowShortcuts={() => {}} />
        <Address />
      </>,
      { signedInAs: 'admin', route: '/' },
    );
    const box = (await screen.findByRole('combobox', { name: en(SEARCH_TEXTS.input) }, { timeout: 15_000 })) as HTMLInputElement;
    const listed = () => within(group(en(SEARCH_TEXTS.actions))).getAllByRole('option').map((option) => option.textContent);
    // The empty palette keeps Go to Settings, not five lines more.
    expect(listed()).toContain(en(SEARCH_TEXTS.goTo, { tab: 'Settings' }));
    expect(listed().filter((label) => label?.startsWith('Settings:'))).toEqual([]);

    fireEvent.change(box, { target: { value: 'settings' } });
    await waitFor(() =>
      expect(listed()).toEqual(['Go to Settings', 'Settings: Account', 'Settings: Security', 'Settings: Notifications & calendar', 'Settings: Developers', 'Settings: Organization']),
    );
    fireEvent.change(box, { target: { value: 'passkeys' } });
    await waitFor(() => expect(listed()).toEqual(['Settings: Security']));
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/?tab=settings&section=security'));
  });
});
