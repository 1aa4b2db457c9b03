// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUDGET_TEXTS, type ProjectBudgetDetail } from '@/domain/budgets';
import type { ProjectDetail } from '@/domain/project-details';
import { apiServer, route } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { en } from '@/web/test/texts';
import { PROJECTS_TEXTS } from '../texts';
import { ProjectInfoTab } from './project-info-tab';

const project: ProjectDetail = {
  id: 'project-1',
  name: 'Harbor Coffee Rebrand',
  description: null,
  status: 'active',
  dueDate: '2030-01-15',
  clientId: 'client-1',
  clientName: 'Harbor Coffee',
  companyOverview: null,
  templateId: 'template-1',
  templateFields: [{ label: 'Target Audience', name: 'target_audience', type: 'textarea', required: false, options: [], order: 0 }],
  formData: { target_audience: 'Commuters' },
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
  canEdit: true,
};

const budget: ProjectBudgetDetail = {
  currency: 'USD',
  hourlyRateMinor: null,
  budgetKind: null,
  budgetAmount: null,
  spentMinutes: 0,
  spentMinor: 0,
  usage: null,
  alertedPercent: 0,
  burnDown: [],
};

/** The card headings in the order the tab shows them. */
function cardTitles(): string[] {
  return screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent ?? '');
}

describe('ProjectInfoTab (issue 49 item 18)', () => {
  it("puts the budget right after the project's key facts, before the questionnaire and the edit form", async () => {
    apiServer.use(route('GET', '/api/projects/:projectId/budget', budget));
    await renderWithProviders(<ProjectInfoTab project={project} />);
    await screen.findByRole('heading', { name: en(BUDGET_TEXTS.budgetTitle) });
    expect(cardTitles()).toEqual([
      en(PROJECTS_TEXTS.infoTitle),
      en(BUDGET_TEXTS.budgetTitle),
      en(PROJECTS_TEXTS.questionnaireTitle),
      en(PROJECTS_TEXTS.editTitle),
    ]);
  });

  it('shows no budget to someone who may not edit the project, the questionnaire still after the key facts', async () => {
    await renderWithProviders(<ProjectInfoTab project={{ ...project, canEdit: false }} />);
    await screen.findByRole('heading', { name: en(PROJECTS_TEXTS.questionnaireTitle) });
    expect(cardTitles()).toEqual([en(PROJECTS_TEXTS.infoTitle), en(PROJECTS_TEXTS.questionnaireTitle)]);
  });
});
