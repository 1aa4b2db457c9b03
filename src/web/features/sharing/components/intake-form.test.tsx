// @vitest-environment jsdom
// The intake link's questionnaire (issue 15). Issue 27 item 23 and issue 49 item 11: a refused
// Submit or Save Draft moves the focus to the first question to fix, in the form's order, whatever
// its kind (a select's button, a group of choices, a number), each marked and naming its message.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { IntakeView } from '@/domain/intake';
import type { TemplateField } from '@/domain/template-field';
import { sharedLinkApi } from '@/web/test/api-handlers';
import { apiServer, requestsArrived, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { IntakeForm } from './intake-form';

const TOKEN = 'tok-intake';

const question = (field: Partial<TemplateField> & Pick<TemplateField, 'label' | 'name' | 'type'>, order: number): TemplateField => ({ required: true, options: [], order, ...field });

const industry = question({ label: 'Industry', name: 'industry', type: 'select', options: ['Food', 'Retail'] }, 0);
const channels = question({ label: 'Channels', name: 'channels', type: 'checkbox', options: ['Web', 'Print'] }, 1);
const audience = question({ label: 'Audience', name: 'audience', type: 'textarea' }, 2);
const pages = question({ label: 'Pages', name: 'pages', type: 'number', required: false, min: 1, max: 10 }, 3);

async function renderIntake(fields: TemplateField[], answers: IntakeView['answers'] = {}) {
  apiServer.use(sharedLinkApi.intake(TOKEN, { state: 'open', fields, answers, submittedAt: null }));
  await renderWithProviders(<IntakeForm token={TOKEN} viewerId={null} />);
  return screen.findByRole('form', { name: 'Questionnaire' });
}

/** Marked invalid, naming a message shown as an alert that says `message`. */
function expectMarked(element: Element, message: RegExp) {
  expect(element.getAttribute('aria-invalid')).toBe('true');
  const described = document.getElementById(element.getAttribute('aria-describedby') ?? '');
  expect(described?.getAttribute('role')).toBe('alert');
  expect(described?.textContent).toMatch(message);
}

const submit = () => {
  const button = screen.getByRole('button', { name: 'Submit Answers' });
  button.focus();
  fireEvent.click(button);
};

describe('IntakeForm: the focus after a refused submit', () => {
  it("Submit: a select's button first, when it is the first question to fix", async () => {
    await renderIntake([industry, channels, audience, pages]);
    submit();
    const trigger = await screen.findByRole('combobox', { name: 'Industry' });
    await waitFor(() => expect(document.activeElement).toBe(trigger));
    expectMarked(trigger, /Industry is required/);
    expectMarked(screen.getByRole('group', { name: /Channels/ }), /Channels is required/);
    expectMarked(screen.getByLabelText(/Audience/), /Audience is required/);
    await requestsArrived();
    expect(sentRequests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('Submit: a group of choices gives its first choice the focus', async () => {
    await renderIntake([audience, channels], { audience: 'Commuters' });
    submit();
    await screen.findByText(/Channels is required/);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Web' })));
  });

  it('Save Draft: empty questions may wait, an answer that does not fit takes the focus', async () => {
    await renderIntake([industry, audience, pages]);
    fireEvent.change(screen.getByLabelText('Pages'), { target: { value: '50' } });
    const draft = screen.getByRole('button', { name: 'Save Draft' });
    draft.focus();
    fireEvent.click(draft);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Pages')));
    expectMarked(screen.getByLabelText('Pages'), /at most 10/);
    expect(screen.getByRole('combobox', { name: 'Industry' }).getAttribute('aria-invalid')).toBeNull();
  });
});
