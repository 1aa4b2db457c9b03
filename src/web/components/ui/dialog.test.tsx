// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogTitle } from './alert-dialog';
import { Dialog, DialogContent, DialogTitle } from './dialog';
// The test kit activates English, which the components' words (useT) are read in.
import '@/web/test/render-with-providers';

afterEach(cleanup);

/** Radix moves focus on close in a timeout after the content unmounts. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

/** A dialog opened from state, as most of ours are (no Radix Trigger), beside a toast. */
function Page({ alert = false, autoFocus = false }: { alert?: boolean; autoFocus?: boolean }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  return (
    <>
      <button onClick={() => setOpen(true)}>Add Client</button>
      <section data-sonner-toaster="">
        <button>Close toast</button>
      </section>
      {alert ? (
        <AlertDialog open={open} onOpenChange={setOpen}>
          <AlertDialogContent aria-describedby={undefined}>
            <AlertDialogTitle>Delete?</AlertDialogTitle>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
          </AlertDialogContent>
        </AlertDialog>
      ) : (
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent aria-describedby={undefined}>
            <DialogTitle>Add Client</DialogTitle>
            <input aria-label="Name" autoFocus={autoFocus} value={text} onChange={(e) => setText(e.target.value)} />
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}

function openFrom(name: string) {
  const opener = screen.getByRole('button', { name });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

/** A dialog opened from an item of a menu (the card's '…' menu on a phone): the item leaves the page. */
function MenuPage() {
  const [open, setOpen] = useState(false);
  const [menu, setMenu] = useState(false);
  return (
    <>
      <button id="more" aria-haspopup="menu" onClick={() => setMenu(true)}>
        More actions
      </button>
      {menu ? (
        <div role="menu" aria-labelledby="more">
          <button
            role="menuitem"
            onClick={() => {
              setOpen(true);
              // As Radix's menu: it leaves after its exit animation, the dialog already open.
              setTimeout(() => setMenu(false), 0);
            }}
          >
            Share Link
          </button>
        </div>
      ) : null}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>Share Project Access</DialogTitle>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('dialogs', () => {
  it("opened from a menu's item, give focus back to the button that opened the menu", async () => {
    render(<MenuPage />);
    openFrom('More actions');
    const item = screen.getByRole('menuitem', { name: 'Share Link' });
    item.focus();
    fireEvent.click(item);
    expect(await screen.findByRole('dialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'More actions' }));
  });

  it('give focus back to the control that opened them when they close', async () => {
    render(<Page />);
    const opener = openFrom('Add Client');
    expect(await screen.findByRole('dialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('give focus back to the opener when a field of theirs focuses itself on opening (Add Client, Create Task...)', async () => {
    render(<Page autoFocus />);
    const opener = openFrom('Add Client');
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('give focus back from a confirmation too', async () => {
    render(<Page alert />);
    const opener = openFrom('Add Client');
    expect(await screen.findByRole('alertdialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await settle();
    expect(document.activeElement).toBe(opener);
  });

  it('stay open, with what was typed, when a toast is closed', async () => {
    render(<Page />);
    openFrom('Add Client');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Acme' } });
    const toastClose = screen.getByText('Close toast');
    fireEvent.pointerDown(toastClose);
    fireEvent.click(toastClose);
    await settle();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Acme');
  });
});
