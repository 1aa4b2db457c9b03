// A task's blockers in its panel (issue 51 item 2): "blocked by" (finish-to-start), each with its
// status; staff add one from the project's other tasks (a select and Add: the keyboard's own
// picker) and remove one (×). A loop is refused by the server, whose message names it: shown
// here, where it was tried. Anyone else reads the list.
import { useInfiniteQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { TASK_STATUS_TITLES, type Task } from '@/domain/tasks';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { NativeSelect } from '@/web/components/ui/native-select';
import { errorMessage } from '@/web/lib/api-client';
import { useT } from '@/web/lib/i18n';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import type { ProjectSource } from '@/web/lib/project-source';
import { loadedTasks, taskListQuery } from '../api';
import { useAddBlocker, useRemoveBlocker } from '../plan-api';
import { TASK_TEXTS } from '../texts';

type BlockedByProps = { source: ProjectSource; task: Task; canEdit: boolean };

export function BlockedBy({ source, task, canEdit }: BlockedByProps) {
  const t = useT('tasks', 'domain-shared');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="text-sm font-semibold">
        {t(TASK_TEXTS.blockers.title)}
      </h3>
      {task.blockedBy.length === 0 ? (
        <p className="text-sm text-muted-foreground italic">{t(TASK_TEXTS.blockers.none)}</p>
      ) : (
        <ul className="grid gap-1.5">
          {task.blockedBy.map((blocker) => (
            <li key={blocker.id} className="flex min-w-0 items-center gap-2 text-sm">
              <span className="min-w-0 flex-1 break-words">{blocker.title}</span>
              <Badge variant="outline" className={blocker.status === 'completed' ? 'border-emerald-200 bg-emerald-50 text-emerald-800' : undefined}>
                {t(TASK_STATUS_TITLES[blocker.status])}
              </Badge>
              {canEdit ? <RemoveBlocker source={source} task={task} blocker={blocker} /> : null}
            </li>
          ))}
        </ul>
      )}
      {canEdit ? <AddBlocker source={source} task={task} /> : null}
    </section>
  );
}

function RemoveBlocker({ source, task, blocker }: { source: ProjectSource; task: Task; blocker: Task['blockedBy'][number] }) {
  const t = useT('tasks', 'domain-shared');
  const remove = useRemoveBlocker(source);
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-8 shrink-0"
      aria-label={t(TASK_TEXTS.blockers.remove, { task: blocker.title })}
      disabled={remove.isPending}
      onClick={() => remove.mutate({ taskId: task.id, blockedByTaskId: blocker.id }, { onError: (error) => notifyError(error, t(TASK_TEXTS.blockers.removeFailed)) })}
    >
      <X aria-hidden />
    </Button>
  );
}

function AddBlocker({ source, task }: { source: ProjectSource; task: Task }) {
  const t = useT('tasks', 'domain-shared');
  const selectId = useId();
  const errorId = useId();
  const list = useInfiniteQuery(taskListQuery(source));
  const add = useAddBlocker(source);
  const [choice, setChoice] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const taken = new Set([task.id, ...task.blockedBy.map((blocker) => blocker.id)]);
  const candidates = loadedTasks(list.data).filter((other) => !taken.has(other.id));

  const submit = () => {
    if (choice === '') return;
    setRefusal(null);
    add.mutate(
      { taskId: task.id, blockedByTaskId: choice },
      {
        onSuccess: () => {
          setChoice('');
          notifySuccess(t(TASK_TEXTS.blockers.added));
        },
        // The server's own words: a loop names its tasks.
        onError: (error) => setRefusal(errorMessage(error, t(TASK_TEXTS.blockers.addFailed))),
      },
    );
  };

  // Every other task already blocks it (or there is none): nothing to choose from.
  if (list.isSuccess && candidates.length === 0) return <p className="text-sm text-muted-foreground">{t(TASK_TEXTS.blockers.noCandidates)}</p>;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={selectId} className="sr-only">
        {t(TASK_TEXTS.blockers.add)}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <NativeSelect
          id={selectId}
          className="w-full max-w-72 flex-1"
          value={choice}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? errorId : undefined}
          onChange={(event) => {
            setChoice(event.target.value);
            setRefusal(null);
          }}
        >
          <option value="">{t(TASK_TEXTS.blockers.choose)}</option>
          {candidates.map((other) => (
            <option key={other.id} value={other.id}>
              {other.title}
            </option>
          ))}
        </NativeSelect>
        <Button type="button" variant="outline" size="sm" disabled={choice === '' || add.isPending} onClick={submit}>
          {t(TASK_TEXTS.blockers.add)}
        </Button>
      </div>
      {refusal ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}
