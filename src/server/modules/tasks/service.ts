// Tasks of a project (spec 2 "Tasks", 4 "Task status", 6, 7). Anyone who can see the project
// may list its tasks and, when signed in, toggle them (members, and link viewers of any
// organization); only staff create them. Completing a task emails, through the
// outbox in the same transaction, the developers with access and the organization's admins and
// account executives (spec 6).
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import { createTaskSchema, TASK_LIST_LIMIT, TASK_MESSAGES, TASK_STATUS_LABELS, type Task } from '../../../domain/tasks';
import type { TaskStatus } from '../../../domain/project-status';
import { recordActivity } from '../../platform/activity-log';
import type { Executor } from '../../platform/db/client';
import { profiles } from '../../platform/db/schema/tenancy';
import { developerProjectAccess, tasks } from '../../platform/db/schema/work';
import { forbidden, notFound } from '../../platform/errors';
import { enqueueEmail } from '../../platform/mail/outbox';
import type { Platform } from '../../platform/platform';
import { requireContributor, type ProjectAccess } from '../../platform/project-access/access';

function toTask(row: typeof tasks.$inferSelect): Task {
  return {
    id: row.id,
    projectId: row.projectId,
    title: row.title,
    description: row.description,
    status: row.status,
    priority: row.priority,
    dueDate: row.dueDate,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    completedBy: row.completedBy,
  };
}

export async function listTasks({ db }: Platform, access: ProjectAccess): Promise<Task[]> {
  const project = await access.project(db);
  const rows = await db
    .select()
    .from(tasks)
    .where(eq(tasks.projectId, project.id))
    .orderBy(desc(tasks.createdAt), desc(tasks.id))
    .limit(TASK_LIST_LIMIT);
  return rows.map(toTask);
}

export async function createTask(
  { db, clock }: Platform,
  access: ProjectAccess,
  input: z.output<typeof createTaskSchema>,
): Promise<Task> {
  return db.transaction(async (tx) => {
    const project = await access.project(tx);
    const actor = requireContributor(access);
    if (!access.canManage) throw forbidden('You do not have permission to add tasks.');
    const now = clock.now();
    const [row] = await tx
      .insert(tasks)
      .values({
        projectId: project.id,
        title: input.title,
        description: input.description,
        priority: input.priority,
        dueDate: input.dueDate,
        status: 'pending',
        createdBy: actor.profileId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordActivity(tx, {
      organizationId: project.organizationId,
      userId: actor.profileId,
      action: 'create_task',
      projectId: project.id,
      details: { task_title: input.title, priority: input.priority, due_date: input.dueDate },
    });
    return toTask(row!);
  });
}

/** Spec 6: developers with access to the project, and the organization's admins and account executives. */
async function completionRecipients(tx: Executor, organizationId: string, projectId: string) {
  const developers = await tx
    .select({ email: profiles.email, fullName: profiles.fullName })
    .from(developerProjectAccess)
    .innerJoin(profiles, eq(profiles.id, developerProjectAccess.developerProfileId))
    .where(
      and(
        eq(developerProjectAccess.projectId, projectId),
        eq(profiles.organizationId, organizationId),
        eq(profiles.role, 'developer'),
        isNotNull(profiles.email),
      ),
    );
  const staff = await tx
    .select({ email: profiles.email, fullName: profiles.fullName })
    .from(profiles)
    .where(
      and(
        eq(profiles.organizationId, organizationId),
        inArray(profiles.role, ['organization_admin', 'admin', 'account_executive']),
        isNotNull(profiles.email),
      ),
    );
  const byEmail = new Map<string, string>();
  for (const { email, fullName } of [...developers, ...staff]) {
    if (email && !byEmail.has(email.toLowerCase())) byEmail.set(email.toLowerCase(), fullName);
  }
  return [...byEmail].map(([email, fullName]) => ({ email, fullName }));
}

export async function setTaskStatus(
  { db, clock, config }: Platform,
  access: ProjectAccess,
  taskId: string,
  status: Extract<TaskStatus, 'pending' | 'completed'>,
): Promise<Task> {
  return db.transaction(async (tx) => {
    const project = await access.project(tx);
    const actor = requireContributor(access);
    const [current] = await tx
      .select()
      .from(tasks)
      .where(and(eq(tasks.id, taskId), eq(tasks.projectId, project.id)))
      .for('update');
    // A task of another project is indistinguishable from none.
    if (!current) throw notFound(TASK_MESSAGES.notFound);
    // Already in that state (a double click, two people at once): nothing to record or email.
    if (current.status === status) return toTask(current);
    const now = clock.now();
    // Spec 4: completing records when and by whom; un-completing clears both.
    const [row] = await tx
      .update(tasks)
      .set(
        status === 'completed'
          ? { status, completedAt: now, completedBy: actor.profileId, updatedAt: now }
          : { status, completedAt: null, completedBy: null, updatedAt: now },
      )
      .where(and(eq(tasks.id, taskId), eq(tasks.projectId, project.id)))
      .returning();
    if (!row) throw notFound(TASK_MESSAGES.notFound);

    // The project's organization: a signed-in user of another one may act through a link.
    await recordActivity(tx, {
      organizationId: project.organizationId,
      userId: actor.profileId,
      action: status === 'completed' ? 'complete_task' : 'update_task',
      projectId: project.id,
      details: { task_title: row.title, status },
    });

    if (status === 'completed') {
      const projectUrl = `${config.publicUrl}/project/${project.id}`;
      for (const recipient of await completionRecipients(tx, project.organizationId, project.id)) {
        await enqueueEmail(tx, {
          kind: 'task_notification',
          to: recipient.email,
          organizationId: project.organizationId,
          subject: `Task completed: ${row.title} (${project.name})`,
          text: [
            `Hello ${recipient.fullName},`,
            '',
            `The task "${row.title}" on the project "${project.name}" was marked as ${TASK_STATUS_LABELS[status]} by ${actor.fullName}.`,
            '',
            `Open the project: ${projectUrl}`,
          ].join('\n'),
        });
      }
    }
    return toTask(row);
  });
}
