// @vitest-environment jsdom
// Issue 49 item 11: the first field to fix, in the order on screen, takes the focus.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { firstInvalidControl, focusFirstInvalid, useFocusFirstInvalid } from './focus-first-invalid';

function mount(html: string): HTMLElement {
  const root = document.createElement('form');
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('focusFirstInvalid', () => {
  it('focuses the first control marked aria-invalid, in document order', () => {
    const root = mount(`
      <input id="a">
      <textarea id="b" aria-invalid="true"></textarea>
      <input id="c" aria-invalid="true">
    `);
    expect(focusFirstInvalid(root)).toBe(true);
    expect(document.activeElement?.id).toBe('b');
  });

  it('passes over a disabled control and one hidden from people (a Select’s native stand-in)', () => {
    const root = mount(`
      <div aria-hidden="true"><select id="hidden" aria-invalid="true"></select></div>
      <input id="off" aria-invalid="true" disabled>
      <fieldset disabled><input id="in-off" aria-invalid="true"></fieldset>
      <button type="button" id="trigger" aria-invalid="true">Choose</button>
    `);
    expect(firstInvalidControl(root)?.id).toBe('trigger');
    focusFirstInvalid(root);
    expect(document.activeElement?.id).toBe('trigger');
  });

  it('gives a marked group of choices its checked choice, or else its first', () => {
    const root = mount(`
      <fieldset id="group" aria-invalid="true">
        <legend>Channels</legend>
        <input type="checkbox" id="web"><input type="checkbox" id="print">
      </fieldset>
    `);
    focusFirstInvalid(root);
    expect(document.activeElement?.id).toBe('web');
    (document.getElementById('print') as HTMLInputElement).checked = true;
    focusFirstInvalid(root);
    expect(document.activeElement?.id).toBe('print');
  });

  it('leaves the focus alone when nothing is marked, or there is no root', () => {
    const root = mount('<input id="a"><button type="submit" id="save">Save</button>');
    (document.getElementById('save') as HTMLButtonElement).focus();
    expect(focusFirstInvalid(root)).toBe(false);
    expect(focusFirstInvalid(null)).toBe(false);
    expect(document.activeElement?.id).toBe('save');
  });

  it('looks only inside its root', () => {
    mount('<input id="other" aria-invalid="true">');
    const root = mount('<input id="mine" aria-invalid="true">');
    focusFirstInvalid(root);
    expect(document.activeElement?.id).toBe('mine');
  });
});

/** A form that checks by hand and disables its fields while "saving", as a real one does. */
function HandCheckedForm({ saving }: { saving: boolean }) {
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});
  const { ref: formRef, focusFirstInvalidSoon } = useFocusFirstInvalid();
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const found = { name: data.get('name') ? undefined : 'Name is required', email: data.get('email') ? undefined : 'Email is required' };
        setErrors(found);
        if (found.name || found.email) focusFirstInvalidSoon();
      }}
    >
      <label>
        Name
        <input name="name" disabled={saving} aria-invalid={errors.name ? true : undefined} />
      </label>
      <label>
        Email
        <input name="email" disabled={saving} aria-invalid={errors.email ? true : undefined} />
      </label>
      <button type="submit">Save</button>
    </form>
  );
}

describe('useFocusFirstInvalid', () => {
  it('moves the focus once the messages are drawn, to the first field to fix', () => {
    render(<HandCheckedForm saving={false} />);
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.click(save);
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
    save.focus();
    fireEvent.click(save);
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('waits for the render that enables the fields again', () => {
    const { rerender } = render(<HandCheckedForm saving />);
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    // The refusal arrives with the render that ends the saving.
    act(() => {
      fireEvent.submit(save.closest('form')!);
      rerender(<HandCheckedForm saving={false} />);
    });
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
  });
});
