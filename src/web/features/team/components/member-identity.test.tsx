// @vitest-environment jsdom
// Issue 48: a role is stored as the spec's word ('developer') and named in the reader's language.
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ROLE_LABELS } from '@/domain/roles';
import { activateLocale } from '@/web/lib/i18n';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { en } from '@/web/test/texts';
import { RoleBadge } from './member-identity';

afterEach(() => act(() => activateLocale('en')));

describe('RoleBadge', () => {
  it('names the role as the spec writes it, never the stored value', async () => {
    await renderWithProviders(<RoleBadge role="account_executive" />);
    expect(await screen.findByText(en(ROLE_LABELS.account_executive))).toBeTruthy();
    expect(screen.queryByText('account_executive')).toBeNull();
  });

  it("names it in a German member's language", async () => {
    await act(() => activateLocale('de'));
    await renderWithProviders(<RoleBadge role="developer" />);
    expect(await screen.findByText('Entwickler')).toBeTruthy();
  });
});
