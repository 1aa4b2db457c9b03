// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TemplateField } from '@/domain/template-field';
import { QuestionnaireView } from './questionnaire-view';
// The test kit activates English, which the components' words (useT) are read in.
import '@/web/test/render-with-providers';

const field = (name: string, type: TemplateField['type'], order: number, options: string[] = []): TemplateField => ({
  label: name.replace('_', ' '),
  name,
  type,
  required: false,
  options,
  order,
});

describe('QuestionnaireView', () => {
  afterEach(cleanup);

  it('renders the questions in order with each answer in its form', () => {
    const fields = [
      field('channels', 'checkbox', 3, ['Web', 'Print']),
      field('client_name', 'text', 0),
      field('due_date', 'date', 1),
      field('brief', 'textarea', 2),
      field('tone', 'radio', 4, ['Calm', 'Bold']),
      field('extras', 'checkbox', 5, ['A', 'B']),
      field('pages', 'number', 6),
    ];
    render(
      <QuestionnaireView
        fields={fields}
        answers={{ client_name: 'Acme', due_date: '2026-12-01', brief: 'Line 1\nLine 2', channels: ['Web', 'Print'], tone: 'Bold', extras: [] }}
      />,
    );
    const terms = screen.getAllByRole('term').map((t) => t.textContent);
    expect(terms).toEqual(['client name', 'due date', 'brief', 'channels', 'tone', 'extras', 'pages']);
    const answer = (label: string) => screen.getByText(label).nextElementSibling as HTMLElement;
    expect(answer('due date').textContent).toBe('Dec 1, 2026');
    expect(answer('brief').querySelector('.whitespace-pre-line')!.textContent).toBe('Line 1\nLine 2');
    expect(within(answer('channels')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Web', 'Print']);
    expect(answer('tone').textContent).toBe('Bold');
    expect(answer('extras').textContent).toBe('No options selected');
    expect(answer('pages').textContent).toBe('No answer provided');
  });

  it('shows nothing for fields that are not a list', () => {
    render(<QuestionnaireView fields={null} answers={null} />);
    expect(screen.queryAllByRole('term')).toHaveLength(0);
  });
});
