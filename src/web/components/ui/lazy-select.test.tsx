// @vitest-environment jsdom
// The select whose code arrives on the first opening (decision 013).
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazySelect } from './lazy-select';

afterEach(cleanup);

const OPTIONS = [
  { value: 'all', label: 'All Status' },
  { value: 'active', label: 'Active' },
  { value: 'on_hold', label: 'On Hold' },
];

// Radix's select measures and scrolls what jsdom does not have.
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

describe('LazySelect', () => {
  it('names the chosen option on a closed combobox, with no options, until it is opened', () => {
    render(<LazySelect aria-label="Filter by status" value="on_hold" onValueChange={() => {}} options={OPTIONS} />);
    const box = screen.getByRole('combobox', { name: 'Filter by status' });
    expect(box.textContent).toBe('On Hold');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('opens on a key as Radix does, lists the options, and a choice reaches onValueChange', async () => {
    const onValueChange = vi.fn();
    render(<LazySelect aria-label="Filter by status" value="all" onValueChange={onValueChange} options={OPTIONS} />);
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Filter by status' }), { key: 'Enter' });
    const listbox = await screen.findByRole('listbox');
    expect([...listbox.querySelectorAll('[role=option]')].map((option) => option.textContent)).toEqual(['All Status', 'Active', 'On Hold']);
    fireEvent.click(screen.getByRole('option', { name: 'Active' }));
    expect(onValueChange).toHaveBeenCalledWith('active');
  });

  it('opens on a mouse press, not on a right-button one', async () => {
    render(<LazySelect aria-label="Filter by status" value="all" onValueChange={() => {}} options={OPTIONS} />);
    const box = screen.getByRole('combobox', { name: 'Filter by status' });
    fireEvent.pointerDown(box, { button: 2, pointerType: 'mouse' });
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.pointerDown(box, { button: 0, pointerType: 'mouse' });
    expect(await screen.findByRole('listbox')).toBeTruthy();
  });
});
