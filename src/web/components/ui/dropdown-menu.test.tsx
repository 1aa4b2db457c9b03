// @vitest-environment jsdom
// The menu button whose menu code arrives on the first opening (decision 013).
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Menu = typeof import('./dropdown-menu');
let ui: Menu;

beforeEach(async () => {
  // A fresh module each time: the menu code has not arrived yet.
  vi.resetModules();
  ui = await import('./dropdown-menu');
});
afterEach(cleanup);

function Example({ onOpenChange, open }: { onOpenChange?: (open: boolean) => void; open?: boolean }) {
  const { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } = ui;
  return (
    <DropdownMenu modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>
        <button className="trigger">More actions</button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem>Edit</DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem>Delete</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

describe('DropdownMenu', () => {
  it('is a closed menu button, with no menu, until it is opened; a pointer press opens it', async () => {
    const onOpenChange = vi.fn();
    render(<Example onOpenChange={onOpenChange} />);
    const button = screen.getByRole('button', { name: 'More actions' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.className).toBe('trigger');
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.pointerDown(button, { button: 0, pointerType: 'mouse' });
    const menu = await screen.findByRole('menu');
    expect([...menu.querySelectorAll('[role=menuitem]')].map((item) => item.textContent)).toEqual(['Edit', 'Delete']);
    expect(onOpenChange).toHaveBeenCalledWith(true);
    expect(screen.getByRole('button', { name: 'More actions', hidden: true }).getAttribute('aria-expanded')).toBe('true');
  });

  it('opens from the keyboard as Radix does, and Escape gives the focus back to the button', async () => {
    render(<Example />);
    fireEvent.keyDown(screen.getByRole('button', { name: 'More actions' }), { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement?.textContent).toBe('More actions');
  });

  it('ignores a right-button or Ctrl press, as Radix does', async () => {
    render(<Example />);
    const button = screen.getByRole('button', { name: 'More actions' });
    fireEvent.pointerDown(button, { button: 2 });
    fireEvent.pointerDown(button, { button: 0, ctrlKey: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('arrives open when its owner opens it', async () => {
    render(<Example open />);
    expect(await screen.findByRole('menu')).toBeTruthy();
  });
});
