// The assignee picker of the task forms (issue 16): staff and the project's developers, then the
// organization's other developers under 'Not on this project'. Picking one of those asks to
// assign them to the project first (issue 27 item 6), which the task needs.
import { useQueryClient } from '@tanstack/react-query';
import { useState, type MouseEvent } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/web/components/ui/alert-dialog';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { useT } from '@/web/lib/i18n';
import { Select, SelectContent, SelectGroup, SelectItem, SelectLabel, SelectSeparator, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { useAssignDeveloper } from '@/web/features/sharing/api';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import type { ProjectSource } from '@/web/lib/project-source';
import { taskKeys, type Assignee } from '../api';
import { TASK_TEXTS } from '../texts';

const UNASSIGNED = 'none';

type AssigneeSelectProps = {
  value: string | null;
  /** Undefined while they load. */
  assignees: Assignee[] | undefined;
  onChange: (assigneeId: string | null) => void;
  source: ProjectSource;
};

export function AssigneeSelect({ value, assignees, onChange, source, ...control }: AssigneeSelectProps & { id?: string; className?: string }) {
  const t = useT('tasks');
  const [pending, setPending] = useState<Assignee | null>(null);
  const members = assignees ?? [];
  const onProject = members.filter((member) => member.onProject);
  // Only the project page can assign someone to the project (a link's page has no picker).
  const elsewhere = source.projectId === undefined ? [] : members.filter((member) => !member.onProject);

  const pick = (next: string) => {
    if (next === UNASSIGNED) return onChange(null);
    const member = members.find((m) => m.id === next);
    if (member && !member.onProject) return setPending(member);
    onChange(next);
  };

  return (
    <>
      <Select value={value ?? UNASSIGNED} onValueChange={pick} disabled={assignees === undefined}>
        <SelectTrigger {...control} aria-label={t(TASK_TEXTS.assignee)}>
          <SelectValue placeholder={t(TASK_TEXTS.loadingAssignees)} />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={UNASSIGNED}>{t(TASK_TEXTS.unassigned)}</SelectItem>
          {onProject.map((member) => (
            <SelectItem key={member.id} value={member.id}>
              {member.fullName}
            </SelectItem>
          ))}
          {elsewhere.length > 0 ? (
            <>
              <SelectSeparator />
              <SelectGroup>
                <SelectLabel>{t(TASK_TEXTS.notOnProject)}</SelectLabel>
                {elsewhere.map((member) => (
                  <SelectItem key={member.id} value={member.id}>
                    {member.fullName}
                  </SelectItem>
                ))}
              </SelectGroup>
            </>
          ) : null}
        </SelectContent>
      </Select>
      {pending && source.projectId !== undefined ? (
        <AssignToProjectDialog
          projectId={source.projectId}
          member={pending}
          source={source}
          onDone={(assigned) => {
            setPending(null);
            if (assigned) onChange(pending.id);
          }}
        />
      ) : null}
    </>
  );
}

function AssignToProjectDialog({
  projectId,
  member,
  source,
  onDone,
}: {
  projectId: string;
  member: Assignee;
  source: ProjectSource;
  onDone: (assigned: boolean) => void;
}) {
  const t = useT('tasks');
  const queryClient = useQueryClient();
  const assign = useAssignDeveloper(projectId);

  const confirm = (event: MouseEvent) => {
    // Stays open while the request runs; closes on success, or stays with the error on failure.
    event.preventDefault();
    assign.mutate(
      { developerProfileId: member.id, password: null },
      {
        onSuccess: async () => {
          // The list has them among those on the project before the field shows their name.
          await queryClient.invalidateQueries({ queryKey: taskKeys.assignees(source) });
          notifySuccess(t(TASK_TEXTS.assignedToProject, { name: member.fullName }));
          onDone(true);
        },
        onError: (error) => notifyError(error),
      },
    );
  };

  return (
    <AlertDialog open onOpenChange={(open) => !open && !assign.isPending && onDone(false)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t(TASK_TEXTS.assignToProjectTitle, { name: member.fullName })}</AlertDialogTitle>
          <AlertDialogDescription>{t(TASK_TEXTS.assignToProjectBody, { name: member.fullName })}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={assign.isPending}>{t(UI_TEXTS.cancel)}</AlertDialogCancel>
          <AlertDialogAction onClick={confirm} disabled={assign.isPending}>
            {t(assign.isPending ? TASK_TEXTS.assigningToProject : TASK_TEXTS.assignToProject)}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
