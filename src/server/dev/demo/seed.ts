// The demo organization (ARCHITECTURE decision 9): one member of each role, clients, projects in
// every status, a questionnaire template, tasks and notes, so a newcomer sees a living product.
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { eq, sql } from 'drizzle-orm';
import { accessLinkUrl } from '../../../domain/sharing';
import type { FormData, TemplateField } from '../../../domain/template-field';
import type { Role } from '../../../domain/roles';
import { createMember, createOrganization } from '../../platform/auth/accounts';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/client';
import { organizations, profiles } from '../../platform/db/schema/tenancy';
import { activityLogs } from '../../modules/activity/schema';
import { clients } from '../../modules/clients/schema';
import { projects } from '../../modules/projects/schema';
import { developerProjectAccess } from '../../modules/sharing/schema';
import { projectAccessTokens } from '../../modules/sharing/schema';
import { projectNotes } from '../../modules/notes/schema';
import { projectTemplates } from '../../modules/templates/schema';
import { tasks } from '../../modules/tasks/schema';
import { newAccessToken } from '../../services/project-access/link';
import { DEMO_ACCOUNTS, DEMO_ORGANIZATION_NAME, DEMO_PASSWORD } from './demo-accounts';

const TEMPLATE_FIELDS: TemplateField[] = [
  { label: 'Client Name', name: 'client_name', type: 'text', required: true, options: [], order: 0 },
  { label: 'Due Date', name: 'due_date', type: 'date', required: true, options: [], order: 1 },
  { label: 'Target Audience', name: 'target_audience', type: 'textarea', required: true, options: [], order: 2 },
  {
    label: 'Budget Range',
    name: 'budget_range',
    type: 'select',
    required: false,
    options: ['Under $10k', '$10k-$50k', 'Over $50k'],
    order: 3,
  },
  {
    label: 'Deliverables',
    name: 'deliverables',
    type: 'checkbox',
    required: true,
    options: ['Logo', 'Website', 'Brand guide', 'Social kit'],
    order: 4,
  },
  { label: 'Launch Type', name: 'launch_type', type: 'radio', required: false, options: ['Soft', 'Public'], order: 5 },
  { label: 'Number of Pages', name: 'number_of_pages', type: 'number', required: false, options: [], order: 6 },
];

export type DemoSeedResult = { organizationId: string; seeded: boolean };

/** True when the database has no organization yet: a first start. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(organizations);
  return (row?.count ?? 0) === 0;
}

/** Seeds the demo organization in one transaction; all or nothing. */
export async function seedDemoOrganization(
  db: Database,
  clock: Clock,
): Promise<{ organizationId: string; shareToken: string }> {
  const today = clock.now();
  const day = (offset: number) => format(addDays(today, offset), 'yyyy-MM-dd');
  const at = (offset: number) => addDays(today, offset);

  return db.transaction(async (tx) => {
    const organization = await createOrganization(tx, DEMO_ORGANIZATION_NAME);
    const organizationId = organization.id;

    const member = {} as Record<Role, string>;
    for (const [role, account] of Object.entries(DEMO_ACCOUNTS) as [Role, (typeof DEMO_ACCOUNTS)[Role]][]) {
      const { profileId } = await createMember(tx, {
        organizationId,
        role,
        email: account.email,
        fullName: account.fullName,
        password: DEMO_PASSWORD,
        tags: role === 'developer' ? ['React', 'TypeScript', 'Figma'] : [],
      });
      member[role] = profileId;
    }
    // A second developer without a login (ARCHITECTURE decision 6).
    await createMember(tx, {
      organizationId,
      role: 'developer',
      fullName: 'Sam Okafor',
      tags: ['WordPress', 'SEO'],
    });

    // The agency has been here a while: its members joined before anything they did (the
    // member page's 'Member since' comes before their Recent Activity).
    await tx.update(organizations).set({ createdAt: at(-90) }).where(eq(organizations.id, organizationId));
    await tx.update(profiles).set({ createdAt: at(-90) }).where(eq(profiles.organizationId, organizationId));

    const owner = member.organization_admin;
    const insertedClients = await tx
      .insert(clients)
      .values([
        {
          organizationId,
          name: 'Acme Outdoor Co.',
          description: 'Outdoor gear retailer moving its catalogue online.',
          contactName: 'Dana Whitfield',
          contactEmail: 'dana@acme-outdoor.example',
          contactPhone: '+1 555 0100',
          website: 'acme-outdoor.example',
          createdBy: owner,
          createdAt: at(-60),
        },
        {
          organizationId,
          name: 'Bluebird Bakery',
          description: 'Neighbourhood bakery with three shops.',
          contactName: 'Tom Alvarez',
          contactEmail: 'tom@bluebird.example',
          website: 'https://bluebird.example',
          createdBy: member.account_executive,
          createdAt: at(-45),
        },
        {
          organizationId,
          name: 'Helix Health',
          description: null,
          contactName: 'Dr. Mina Cho',
          contactEmail: 'mina.cho@helix.example',
          createdBy: member.admin,
          createdAt: at(-30),
        },
      ])
      .returning({ id: clients.id, name: clients.name });
    const [acme, bluebird, helix] = insertedClients as [{ id: string; name: string }, { id: string; name: string }, { id: string; name: string }];

    const [template] = await tx
      .insert(projectTemplates)
      .values({
        organizationId,
        name: 'Brand Identity Intake',
        description: 'Questions we ask every new brand identity client before kickoff.',
        fields: TEMPLATE_FIELDS,
        createdBy: owner,
        createdAt: at(-50),
      })
      .returning({ id: projectTemplates.id });

    const answers: FormData = {
      client_name: bluebird.name,
      due_date: day(21),
      target_audience: 'Local families and office workers.\nMorning commuters who want coffee and a pastry.',
      budget_range: '$10k-$50k',
      deliverables: ['Logo', 'Brand guide'],
      launch_type: 'Public',
      number_of_pages: '',
    };

    const projectRows = [
      {
        name: 'Bluebird Brand Refresh',
        clientId: bluebird.id,
        status: 'active' as const,
        dueDate: day(21),
        description: 'New logo, colour palette and brand guide for the bakery chain.',
        companyOverview: 'Three-shop bakery known for sourdough; wants a warmer, modern look.',
        templateId: template!.id,
        templateFields: TEMPLATE_FIELDS,
        formData: answers,
        createdAt: at(-20),
      },
      {
        name: 'Acme Online Store',
        clientId: acme.id,
        status: 'active' as const,
        dueDate: day(45),
        description: 'Headless e-commerce site with 400 products and a store locator.',
        companyOverview: 'Outdoor gear retailer; 12 shops, first online store.',
        createdAt: at(-40),
      },
      {
        name: 'Acme Spring Campaign',
        clientId: acme.id,
        status: 'overdue' as const,
        dueDate: day(-3),
        description: 'Landing pages and social assets for the spring sale.',
        createdAt: at(-35),
      },
      {
        name: 'Helix Patient Portal UX Audit',
        clientId: helix.id,
        status: 'completed' as const,
        dueDate: day(-10),
        description: 'Usability review of the appointment booking flow with recommendations.',
        createdAt: at(-28),
      },
      {
        name: 'Helix Newsletter Templates',
        clientId: helix.id,
        status: 'on_hold' as const,
        dueDate: day(30),
        description: 'Reusable email templates for the monthly patient newsletter.',
        createdAt: at(-15),
      },
      {
        name: 'Bluebird Loyalty App',
        clientId: bluebird.id,
        status: 'cancelled' as const,
        dueDate: null,
        description: 'Mobile stamp card app, cancelled in favour of a point-of-sale solution.',
        createdAt: at(-25),
      },
    ];
    const insertedProjects = await tx
      .insert(projects)
      .values(projectRows.map((p) => ({ ...p, organizationId, createdBy: owner, updatedAt: p.createdAt })))
      .returning({ id: projects.id, name: projects.name });
    const byName = new Map(insertedProjects.map((p) => [p.name, p.id]));
    const brand = byName.get('Bluebird Brand Refresh')!;
    const store = byName.get('Acme Online Store')!;
    const campaign = byName.get('Acme Spring Campaign')!;

    await tx.insert(developerProjectAccess).values([
      { projectId: brand, developerProfileId: member.developer },
      { projectId: store, developerProfileId: member.developer },
    ]);

    await tx.insert(tasks).values([
      { projectId: brand, title: 'Moodboard', priority: 'high', status: 'completed', dueDate: day(-5), createdBy: owner, createdAt: at(-18), completedAt: at(-6), completedBy: member.developer },
      { projectId: brand, title: 'Logo concepts (3 directions)', priority: 'high', dueDate: day(4), createdBy: owner, createdAt: at(-12) },
      { projectId: brand, title: 'Colour palette', description: 'Warm neutrals plus one accent.', priority: 'medium', dueDate: day(10), createdBy: member.account_executive, createdAt: at(-10) },
      { projectId: store, title: 'Product data import', priority: 'high', dueDate: day(-1), createdBy: member.admin, createdAt: at(-30) },
      { projectId: store, title: 'Store locator map', priority: 'low', dueDate: day(25), createdBy: member.admin, createdAt: at(-20) },
      { projectId: campaign, title: 'Hero banner variants', priority: 'medium', dueDate: day(-4), createdBy: owner, createdAt: at(-30) },
    ]);

    await tx.insert(projectNotes).values([
      { projectId: brand, content: 'Client prefers serif logotypes; avoid blue.', createdBy: member.account_executive, createdAt: at(-11), updatedAt: at(-11) },
      { projectId: brand, content: 'First concepts uploaded for internal review.', createdBy: member.developer, createdAt: at(-3), updatedAt: at(-2) },
      { projectId: store, content: 'Waiting on the product CSV export from Acme.', createdBy: member.admin, createdAt: at(-7), updatedAt: at(-7) },
    ]);

    await tx.insert(activityLogs).values([
      { organizationId, userId: owner, action: 'create_client', details: { client_name: acme.name, contact_name: 'Dana Whitfield', contact_email: 'dana@acme-outdoor.example' }, createdAt: at(-60) },
      { organizationId, userId: owner, action: 'create_project', projectId: store, details: { project_name: 'Acme Online Store', client_id: acme.id, due_date: day(45), template_id: null }, createdAt: at(-40) },
      { organizationId, userId: owner, action: 'create_project', projectId: brand, details: { project_name: 'Bluebird Brand Refresh', client_id: bluebird.id, due_date: day(21), template_id: template!.id }, createdAt: at(-20) },
      { organizationId, userId: member.developer, action: 'complete_task', projectId: brand, details: { task_title: 'Moodboard' }, createdAt: at(-6) },
      { organizationId, userId: member.developer, action: 'add_note', projectId: brand, details: { content: 'First concepts uploaded for internal review.' }, createdAt: at(-3) },
    ]);

    // One open share link (no password, no expiry) so the shared page can be tried at once.
    const shareToken = newAccessToken();
    await tx.insert(projectAccessTokens).values({
      projectId: brand,
      name: 'Client review',
      token: shareToken,
      createdBy: owner,
      createdAt: at(-2),
    });

    return { organizationId, shareToken };
  });
}

/** The lines printed after seeding, so a newcomer can sign in. */
export function demoSignInDetails(publicUrl: string, shareToken?: string): string {
  const lines = Object.entries(DEMO_ACCOUNTS).map(
    ([role, account]) => `  ${role.padEnd(19)} ${account.email.padEnd(24)} ${DEMO_PASSWORD}`,
  );
  return [
    `Seeded the demo organization "${DEMO_ORGANIZATION_NAME}". Sign in at ${publicUrl} with:`,
    ...lines,
    ...(shareToken ? [`A shared project link to try: ${accessLinkUrl(publicUrl, shareToken)}`] : []),
  ].join('\n');
}

/**
 * First start: seed the demo organization when asked (SEED_DEMO, on by default for the embedded
 * database) and the database holds no organization yet. Returns the text to print, if any.
 */
export async function seedDemoOnFirstStart(
  db: Database,
  clock: Clock,
  options: { seedDemo: boolean; publicUrl: string },
): Promise<string | undefined> {
  if (!options.seedDemo || !(await isDatabaseEmpty(db))) return undefined;
  const { shareToken } = await seedDemoOrganization(db, clock);
  return demoSignInDetails(options.publicUrl, shareToken);
}
