// @vitest-environment jsdom
// The @mention autocomplete of the comment box, by keyboard (issue 29): a combobox while it
// offers names, arrows to choose, Enter or Tab to pick, Escape to close.
import { en } from '@/web/test/texts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { mentionToken } from '@/domain/comment-rules';
import type { Mentionable } from '@/domain/comments';
import { COMMENT_TEXTS } from '../texts';
import { matchingPeople, MentionTextarea, mentionQueryAt } from './mention-textarea';

const ANN: Mentionable = { id: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed', name: 'Ann Lee', role: 'admin' };
const DAN: Mentionable = { id: '2c9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed', name: 'Dan Brown', role: 'developer' };
const BOB: Mentionable = { id: '3d9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed', name: 'Bob Stone', role: 'account_executive' };
const PEOPLE = [ANN, DAN, BOB];

function Box({ people = PEOPLE }: { people?: readonly Mentionable[] | null }) {
  const [value, setValue] = useState('');
  return <MentionTextarea aria-label="Comment" value={value} onChange={setValue} people={people} />;
}

const box = () => screen.getByLabelText('Comment') as HTMLTextAreaElement;
/** Types into the box: the whole new value, the caret at its end (as after a keystroke). */
const type = (text: string) => fireEvent.change(box(), { target: { value: box().value + text } });
const key = (name: string, init: Partial<KeyboardEventInit> = {}) => fireEvent.keyDown(box(), { key: name, ...init });
const options = () => screen.queryAllByRole('option').map((option) => option.textContent);
const activeOption = () => document.getElementById(box().getAttribute('aria-activedescendant') ?? '')?.textContent ?? null;

afterEach(cleanup);

describe('the mention autocomplete', () => {
  it("opens on '@' as a combobox controlling a listbox of the project's people", () => {
    render(<Box />);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(box().getAttribute('aria-expanded')).toBeNull();
    type('Hi @');
    const combobox = screen.getByRole('combobox', { name: 'Comment' });
    expect(combobox).toBe(box());
    expect(combobox.getAttribute('aria-expanded')).toBe('true');
    expect(combobox.getAttribute('aria-autocomplete')).toBe('list');
    const listbox = screen.getByRole('listbox', { name: en(COMMENT_TEXTS.mentionList) });
    expect(combobox.getAttribute('aria-controls')).toBe(listbox.id);
    expect(options()).toEqual(['Ann LeeAdmin', 'Bob StoneAccount Executive', 'Dan BrownDeveloper']);
    expect(screen.getByRole('status').textContent).toBe(en(COMMENT_TEXTS.mentionCount, { count: 3 }));
  });

  it('narrows as a name is typed, names starting so first', () => {
    render(<Box />);
    type('@an');
    expect(options()).toEqual(['Ann LeeAdmin', 'Dan BrownDeveloper']);
  });

  it('moves the active option with the arrows, wrapping, and marks it selected', () => {
    render(<Box />);
    type('@');
    expect(activeOption()).toBe('Ann LeeAdmin');
    key('ArrowDown');
    expect(activeOption()).toBe('Bob StoneAccount Executive');
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('Bob StoneAccount Executive');
    key('ArrowDown');
    key('ArrowDown');
    expect(activeOption()).toBe('Ann LeeAdmin');
    key('ArrowUp');
    expect(activeOption()).toBe('Dan BrownDeveloper');
  });

  it("Enter writes the active person's token and closes the list; the caret follows it", () => {
    render(<Box />);
    type('Thanks @b');
    key('Enter');
    expect(box().value).toBe(`Thanks ${mentionToken(BOB)} `);
    expect(box().selectionStart).toBe(box().value.length);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    // Typing on after the token offers nothing.
    type('and');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('Tab picks too, and a click on a name', () => {
    render(<Box />);
    type('@d');
    key('Tab');
    expect(box().value).toBe(`${mentionToken(DAN)} `);
    type('@ann');
    fireEvent.click(screen.getByRole('option', { name: /Ann Lee/ }));
    expect(box().value).toBe(`${mentionToken(DAN)} ${mentionToken(ANN)} `);
  });

  it("Escape closes the list and keeps the text; the same '@' stays closed, a new one opens", () => {
    render(<Box />);
    type('@bo');
    expect(screen.getByRole('listbox')).toBeTruthy();
    key('Escape');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box().value).toBe('@bo');
    type('b');
    expect(screen.queryByRole('listbox')).toBeNull();
    // Enter is a new line again (not a pick): nothing prevented it.
    expect(fireEvent.keyDown(box(), { key: 'Enter' })).toBe(true);
    type(' @a');
    expect(screen.getByRole('listbox')).toBeTruthy();
  });

  it('lets Ctrl+Enter through while the list is open (it sends the comment)', () => {
    render(<Box />);
    type('@a');
    expect(fireEvent.keyDown(box(), { key: 'Enter', ctrlKey: true })).toBe(true);
    expect(box().value).toBe('@a');
  });

  it('stays closed for an email address, and where no mentions are offered', () => {
    render(<Box />);
    type('write to ann@example');
    expect(screen.queryByRole('listbox')).toBeNull();
    cleanup();
    render(<Box people={null} />);
    type('@a');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box().getAttribute('aria-autocomplete')).toBeNull();
  });

  it('says when no one matches, without a listbox', () => {
    render(<Box />);
    type('@zed');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(en(COMMENT_TEXTS.mentionNone));
  });
});

describe('mentionQueryAt', () => {
  it('finds the name typed after an @ at the caret', () => {
    expect(mentionQueryAt('hi @an', 6)).toEqual({ start: 3, query: 'an' });
    expect(mentionQueryAt('(@an', 4)).toEqual({ start: 1, query: 'an' });
    expect(mentionQueryAt('@ann lee', 8)).toEqual({ start: 0, query: 'ann lee' });
    expect(mentionQueryAt('me@an', 5)).toBeNull();
    expect(mentionQueryAt('@an\nx', 5)).toBeNull();
    expect(mentionQueryAt(`${mentionToken(ANN)} x`, 10)).toBeNull();
  });

  it('ranks whole-name starts, then word starts, then any match', () => {
    expect(matchingPeople(PEOPLE, 'b').map((p) => p.name)).toEqual(['Bob Stone', 'Dan Brown']);
  });
});
