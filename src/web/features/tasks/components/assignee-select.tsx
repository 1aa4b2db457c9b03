// The assignee picker of the task forms (issue 16): staff and the project's developers.
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import type { Assignee } from '../api';
import { TASK_TEXTS } from '../texts';

const UNASSIGNED = 'none';

type AssigneeSelectProps = {
  value: string | null;
  /** Undefined while they load. */
  assignees: Assignee[] | undefined;
  onChange: (assigneeId: string | null) => void;
};

export function AssigneeSelect({ value, assignees, onChange, ...control }: AssigneeSelectProps & { id?: string }) {
  return (
    <Select value={value ?? UNASSIGNED} onValueChange={(next) => onChange(next === UNASSIGNED ? null : next)} disabled={assignees === undefined}>
      <SelectTrigger {...control} aria-label={TASK_TEXTS.assignee}>
        <SelectValue placeholder={TASK_TEXTS.loadingAssignees} />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={UNASSIGNED}>{TASK_TEXTS.unassigned}</SelectItem>
        {(assignees ?? []).map((member) => (
          <SelectItem key={member.id} value={member.id}>
            {member.fullName}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
