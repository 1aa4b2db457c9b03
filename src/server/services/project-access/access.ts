// The project access gate: who may see and work on a project's tasks, notes and files, and how
// that is checked (decision 012). Two ways in: a signed-in member of the project's organization
// (member.ts: the organization and, for developers, the access list) and anyone holding an
// active share link (link.ts), signed in with any organization or not at all. The services
// under a project take one of these instead of an Actor, so the same code serves the project
// page and the shared page.
import { SHARING_MESSAGES } from '../../../domain/sharing';
import type { Executor } from '../../platform/db/client';
import { forbidden, unauthorized } from '../../platform/errors';

/** The person acting; for a link viewer this may be a member of another organization. */
export type ProjectActor = { profileId: string; fullName: string; email: string | null };

export type AccessedProject = { id: string; name: string; organizationId: string };

export type ProjectAccess = {
  /** null: someone holding a share link without being signed in (read only). */
  actor: ProjectActor | null;
  /** Staff of the project's organization on the project page: add tasks, delete any file. */
  canManage: boolean;
  /** A view-only share link: nobody writes through it, signed in or not (decision 008). */
  readOnly: boolean;
  /** 'link': through a share link, where nobody deletes files (spec 6 "Shared link"). */
  via: 'member' | 'link';
  /**
   * The project, (re)checked inside the caller's transaction so a revoked link or a removed
   * assignment stops a write that started before; 404 when access is gone.
   */
  project: (db: Executor) => Promise<AccessedProject>;
};

/**
 * The signed-in actor for a write; 403 through a view-only link (signing in would not help),
 * 401 for someone holding a link without signing in.
 */
export function requireContributor(access: ProjectAccess): ProjectActor {
  if (access.readOnly) throw forbidden(SHARING_MESSAGES.viewOnly, 'view_only_link');
  if (!access.actor) throw unauthorized();
  return access.actor;
}
