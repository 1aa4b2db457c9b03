// The Timesheet tab (issue 32): the member's week as rows (a task, or a project itself) by days,
// typed like a spreadsheet. Every cell is a text box: typing a duration (1:30, 1.5h, 90m, a bare
// number of hours) and leaving the cell or pressing Enter saves it; arrow keys, Tab and Enter
// move between cells: Enter saves and goes down to the same day of the next row, Tab goes along
// the row (the cells' order in the page), arrow keys any way (issue 49 item 19). A failed save
// keeps what was typed in the cell, marked, with its message. On a phone the days scroll sideways
// under the row's name and its Total, which stay put (sticky).
// Under the grid, the week's entries one by one, each editable (time-entries-list.tsx). Staff
// open another member's week with the Member select, kept in the URL (`?member=<profileId>`).
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Plus } from 'lucide-react';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { canManageProjects } from '@/domain/roles';
import { addDaysToDate, formatMinutes, localDate, parseDuration, TIME_MESSAGES, weekDays, weekStartOf } from '@/domain/time-entry-rules';
import type { Timesheet, TimesheetRow } from '@/domain/time-entries';
import { Button } from '@/web/components/ui/button';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { NativeSelect } from '@/web/components/ui/native-select';
import { SchemaField, useSchemaForm } from '@/web/components/ui/schema-form';
import { Skeleton } from '@/web/components/ui/skeleton';
import { projectListQuery } from '@/web/features/projects/api';
import { taskListQuery } from '@/web/features/tasks/api';
import { errorMessage } from '@/web/lib/api-client';
import { memberProjectSource } from '@/web/lib/project-source';
import { weekStartsOn } from '@/web/lib/formats';
import { i18n, useT } from '@/web/lib/i18n';
import { useSignedInMe } from '@/web/lib/session';
import { timeMembersQuery, timesheetQuery, useSetTimesheetCell } from '../api';
import { TIME_TEXTS } from '../texts';
import { TimeEntriesList } from './time-entries-list';
import { formatDayWithMonth } from '@/web/lib/format-date';

type Row = Pick<TimesheetRow, 'projectId' | 'projectName' | 'taskId' | 'taskTitle'> & { minutes: number[] };
type Draft = { text: string; error?: string; saving?: boolean };

const rowKey = (row: Pick<Row, 'projectId' | 'taskId'>) => `${row.projectId}/${row.taskId ?? ''}`;
const cellKey = (row: Pick<Row, 'projectId' | 'taskId'>, day: string) => `${rowKey(row)}/${day}`;
const rowName = (row: Pick<Row, 'projectName' | 'taskTitle'>) => (row.taskTitle ? `${row.projectName} · ${row.taskTitle}` : row.projectName);
const dateOf = (day: string) => new Date(`${day}T12:00:00`);

/**
 * A day as its column's header names it, in the language on screen: the weekday and the day of the
 * month ('Mon 23', 'Mo., 23.', 'lun 23'). Issue 49 item 19. American English's own order is
 * '23 Mon'; where a language puts the day first, the weekday leads here all the same, as in the
 * others, so a column reads as the week's day first.
 */
function dayLabel(day: string): string {
  const parts = new Intl.DateTimeFormat(i18n.locale || 'en', { weekday: 'short', day: 'numeric' }).formatToParts(dateOf(day));
  const weekday = parts.findIndex((part) => part.type === 'weekday');
  const date = parts.findIndex((part) => part.type === 'day');
  return date < weekday ? `${parts[weekday]!.value} ${parts[date]!.value}` : parts.map((part) => part.value).join('');
}

/** A day with its month, for the week's range, as the entries under the grid show their days. */
const dayWithMonth = formatDayWithMonth;

/**
 * The first column (the row's name) and the Total column stay in view while the days scroll
 * sideways on a narrow screen: sticky, opaque over the days passing under them, with a line at
 * their inner edge. Head and foot rows are tinted (muted at 40 % over the card): their sticky
 * cells mix that tint themselves, as a row's background does not move with them.
 */
const STICKY_FIRST = 'sticky left-0 z-10 shadow-[inset_-1px_0_0_var(--color-border)]';
const STICKY_TOTAL = 'sticky right-0 z-10 shadow-[inset_1px_0_0_var(--color-border)]';
const TINTED = 'bg-[color-mix(in_oklab,var(--color-muted)_40%,var(--color-card))]';

/**
 * The server's rows and the rows added here that hold no time yet. A row keeps the place it first
 * had on this screen (`order`), so a row does not jump under the keyboard when its first cell is
 * saved and the server sorts it among the others.
 */
function mergedRows(sheet: Timesheet | undefined, added: Row[], order: string[]): Row[] {
  const rows: Row[] = sheet ? sheet.rows.map((row) => ({ ...row })) : [];
  const seen = new Set(rows.map(rowKey));
  for (const row of added) if (!seen.has(rowKey(row))) rows.push({ ...row, minutes: [0, 0, 0, 0, 0, 0, 0] });
  for (const row of rows) if (!order.includes(rowKey(row))) order.push(rowKey(row));
  return rows.sort((a, b) => order.indexOf(rowKey(a)) - order.indexOf(rowKey(b)));
}

/**
 * The member whose week is shown: `?member=<profileId>` for staff (the URL keeps it, as other
 * tabs keep their state, replacing the entry when changed); the caller ("Me") otherwise.
 */
function useShownMember(staff: boolean, myId: string): [string | undefined, (id: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const member = searchParams.get('member');
  const shown = staff && member && member !== myId ? member : undefined;
  const show = (id: string) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (id && id !== myId) next.set('member', id);
        else next.delete('member');
        return next;
      },
      { replace: true },
    );
  return [shown, show];
}

export function TimesheetTab() {
  const me = useSignedInMe();
  const staff = canManageProjects(me.profile.role);
  const [profileId, showMember] = useShownMember(staff, me.profile.id);
  return <TimesheetWeek staff={staff} myId={me.profile.id} profileId={profileId} onMember={showMember} />;
}

type WeekProps = { staff: boolean; myId: string; profileId: string | undefined; onMember: (id: string) => void };

function TimesheetWeek({ staff, myId, profileId, onMember }: WeekProps) {
  // useT renders again on a change of language: the days' names (dayLabel) follow it too.
  const t = useT('time', 'domain');
  // Issue 48: the week starts on the member's first day of the week (Sunday in the United States,
  // Monday in Germany), from the language on screen with their region; useT renders again when
  // either changes. Reports and budgets keep ISO Monday weeks (decision 034's addendum).
  const firstDay = weekStartsOn();
  // A day of the week shown: its start follows the first day, so a change of region keeps the week.
  const [shownDay, setShownDay] = useState(() => localDate(new Date()));
  const week = weekStartOf(shownDay, firstDay);
  const sheet = useQuery(timesheetQuery(week, firstDay, profileId));
  const setCell = useSetTimesheetCell(week, firstDay, profileId);
  const [added, setAdded] = useState<Row[]>([]);
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const grid = useRef<HTMLTableElement>(null);
  const days = useMemo(() => weekDays(week), [week]);
  // The rows' places on this screen, per week (mergedRows): appended to, never reset while shown.
  const [orders] = useState(() => new Map<string, string[]>());
  // Another member's week starts afresh (typed cells, added rows, row places) on the same week;
  // reset here rather than by remounting, so the Member select keeps the keyboard's focus.
  const [shownFor, setShownFor] = useState(profileId);
  if (shownFor !== profileId) {
    setShownFor(profileId);
    setAdded([]);
    setDrafts({});
    orders.clear();
  }
  if (!orders.has(week)) orders.set(week, []);
  const rows = mergedRows(sheet.data, added, orders.get(week)!);
  const editable = sheet.data?.canEdit ?? false;

  const focusCell = (row: number, col: number) => {
    const input = grid.current?.querySelector<HTMLInputElement>(`input[data-row="${row}"][data-col="${col}"]`);
    input?.focus();
    input?.select();
  };

  const save = (row: Row, col: number, text: string) => {
    const key = cellKey(row, days[col]!);
    const parsed = parseDuration(text);
    if (!parsed.ok) {
      setDrafts((d) => ({ ...d, [key]: { text, error: t(parsed.message) } }));
      return;
    }
    if (parsed.minutes === row.minutes[col] && !drafts[key]?.error) {
      setDrafts(({ [key]: _gone, ...rest }) => rest);
      return;
    }
    setDrafts((d) => ({ ...d, [key]: { text, saving: true } }));
    // mutateAsync, not mutate's callbacks: those fire for the latest call only, and cells are
    // saved one after another faster than the server answers.
    setCell.mutateAsync({ projectId: row.projectId, taskId: row.taskId, workDate: days[col]!, duration: parsed.minutes }).then(
      () => setDrafts(({ [key]: _gone, ...rest }) => rest),
      // Nothing typed is lost: the text stays in its cell with the server's message.
      (error: unknown) => setDrafts((d) => ({ ...d, [key]: { text, error: errorMessage(error) } })),
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, row: number, col: number) => {
    const input = event.currentTarget;
    const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
    const atEnd = input.selectionStart === input.value.length;
    const allSelected = input.selectionStart === 0 && input.selectionEnd === input.value.length;
    if (event.key === 'ArrowDown' || (event.key === 'Enter' && !event.shiftKey)) {
      event.preventDefault();
      if (event.key === 'Enter') input.blur();
      focusCell(Math.min(row + 1, rows.length - 1), col);
      if (event.key === 'Enter' && row === rows.length - 1) focusCell(row, col);
    } else if (event.key === 'ArrowUp' || (event.key === 'Enter' && event.shiftKey)) {
      event.preventDefault();
      focusCell(Math.max(row - 1, 0), col);
    } else if (event.key === 'ArrowLeft' && (atStart || allSelected) && col > 0) {
      event.preventDefault();
      focusCell(row, col - 1);
    } else if (event.key === 'ArrowRight' && (atEnd || allSelected) && col < 6) {
      event.preventDefault();
      focusCell(row, col + 1);
    } else if (event.key === 'Escape') {
      const key = cellKey(rows[row]!, days[col]!);
      setDrafts(({ [key]: _gone, ...rest }) => rest);
    }
  };

  const dayTotals = days.map((_, i) => rows.reduce((sum, row) => sum + row.minutes[i]!, 0));
  const total = dayTotals.reduce((a, b) => a + b, 0);
  const errors = Object.entries(drafts).filter(([, d]) => d.error);

  return (
    <div className="mx-auto w-full max-w-6xl space-y-4">
      {/* The dashboard names the tab in its own heading; the week's controls sit under it. */}
      <header className="flex flex-wrap items-center gap-3">
        {staff ? <MemberSelect myId={myId} value={profileId ?? myId} onChange={onMember} /> : null}
        <div className="ml-auto flex max-w-full min-w-0 flex-wrap items-center gap-2">
          <Button variant="outline" size="icon" aria-label={t(TIME_TEXTS.previousWeek)} onClick={() => setShownDay(addDaysToDate(week, -7))}>
            <ChevronLeft aria-hidden />
          </Button>
          <p className="min-w-0 flex-1 text-center text-sm font-medium sm:min-w-44 sm:flex-none" aria-live="polite" data-testid="timesheet-week">
            {t(TIME_TEXTS.weekOf, { range: `${dayWithMonth(days[0]!)} – ${dayWithMonth(days[6]!)}` })}
          </p>
          <Button variant="outline" size="icon" aria-label={t(TIME_TEXTS.nextWeek)} onClick={() => setShownDay(addDaysToDate(week, 7))}>
            <ChevronRight aria-hidden />
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setShownDay(localDate(new Date()))}>
            {t(TIME_TEXTS.thisWeek)}
          </Button>
        </div>
      </header>
      <p className="text-sm text-muted-foreground">{profileId && sheet.data ? `${t(TIME_TEXTS.memberIntro, { name: sheet.data.memberName })}${editable ? ` ${t(TIME_TEXTS.typingHint)}` : ''}` : t(TIME_TEXTS.timesheetIntro)}</p>
      {profileId && sheet.data && !sheet.data.canEdit ? <p className="text-sm font-medium">{t(TIME_TEXTS.readOnlyWeek, { name: sheet.data.memberName })}</p> : null}
      {/* Issue 49 item 3: a week that was not read is not an empty week. Without data there is no
          grid to type into (a grid of 0:00 invites re-typing a week that holds time) and no Add row;
          a failed read of a week already shown keeps it, with the failure and Retry above. */}
      {sheet.isError ? <LoadErrorPanel title={t(TIME_TEXTS.loadFailed)} error={sheet.error} onRetry={() => void sheet.refetch()} /> : null}
      {!sheet.data ? (
        sheet.isError ? null : (
          <div role="status" aria-label={t(TIME_TEXTS.weekLoading)} className="space-y-2 rounded-xl border bg-card p-3">
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-8 w-full" />
          </div>
        )
      ) : (
        // Scrolls sideways on a phone: a region the keyboard can reach and scroll (axe scrollable-region-focusable).
        // Its scroll padding is the sticky columns' room: a cell reached by the keyboard scrolls
        // clear of them, not under them.
        <div className="scroll-pr-20 scroll-pl-32 overflow-x-auto rounded-xl border bg-card outline-none sm:scroll-pl-64 focus-visible:ring-2 focus-visible:ring-ring" tabIndex={0} role="region" aria-label={t(TIME_TEXTS.weekGridLabel)}>
          <table ref={grid} className="w-full min-w-[720px] border-collapse text-sm">
            <thead>
              <tr className="border-b bg-muted/40">
                <th scope="col" className={`${STICKY_FIRST} ${TINTED} px-3 py-2 text-left font-medium`}>
                  {t(TIME_TEXTS.row)}
                </th>
                {days.map((day) => (
                  <th key={day} scope="col" className="w-24 px-2 py-2 text-right font-medium whitespace-nowrap">
                    {dayLabel(day)}
                  </th>
                ))}
                <th scope="col" className={`${STICKY_TOTAL} ${TINTED} w-20 px-3 py-2 text-right font-medium`}>
                  {t(TIME_TEXTS.total)}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={9} className="px-3 py-6 text-center text-muted-foreground">
                    {t(TIME_TEXTS.noRows)}
                  </td>
                </tr>
              ) : null}
              {rows.map((row, r) => (
                <tr key={rowKey(row)} className="border-b last:border-b-0">
                  {/* Narrow on a phone, so the days keep room to scroll beside it: the project and the
                      task on a line each there (a project's rows still differ by their tasks), the
                      "·" between them read out only; one line, cut, on a wider screen. */}
                  <th scope="row" className={`${STICKY_FIRST} bg-card px-3 py-1.5 text-left font-normal`} title={rowName(row)}>
                    <div className="w-32 sm:w-auto sm:max-w-64 sm:truncate">
                      <span className="block truncate font-medium sm:inline">{row.projectName}</span>
                      {row.taskTitle ? (
                        <span className="block truncate text-muted-foreground sm:inline">
                          <span className="max-sm:sr-only"> · </span>
                          {row.taskTitle}
                        </span>
                      ) : null}
                    </div>
                  </th>
                  {days.map((day, c) => {
                    const key = cellKey(row, day);
                    const draft = drafts[key];
                    const value = draft ? draft.text : row.minutes[c] ? formatMinutes(row.minutes[c]!) : '';
                    return (
                      <td key={day} className="px-1 py-1">
                        <input
                          data-row={r}
                          data-col={c}
                          aria-label={t(TIME_TEXTS.cell, { row: rowName(row), day: dayLabel(day) })}
                          aria-invalid={draft?.error ? true : undefined}
                          title={draft?.error}
                          readOnly={!editable}
                          value={value}
                          inputMode="text"
                          autoComplete="off"
                          onFocus={(e) => e.currentTarget.select()}
                          onChange={(e) => setDrafts((d) => ({ ...d, [key]: { text: e.target.value } }))}
                          onBlur={(e) => (drafts[key] && !drafts[key].saving ? save(row, c, e.currentTarget.value) : undefined)}
                          onKeyDown={(e) => onKeyDown(e, r, c)}
                          className={`h-8 w-full rounded-md border bg-background px-2 text-right tabular-nums outline-none focus-visible:ring-2 focus-visible:ring-ring ${draft?.error ? 'border-destructive bg-destructive/5' : 'border-transparent hover:border-input'}`}
                        />
                      </td>
                    );
                  })}
                  <td className={`${STICKY_TOTAL} bg-card px-3 py-1.5 text-right font-medium tabular-nums`}>{formatMinutes(row.minutes.reduce((a, b) => a + b, 0))}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t bg-muted/40">
                <th scope="row" className={`${STICKY_FIRST} ${TINTED} px-3 py-2 text-left font-medium`}>
                  {t(TIME_TEXTS.dayTotal)}
                </th>
                {dayTotals.map((minutes, i) => (
                  <td key={days[i]} className="px-3 py-2 text-right font-medium tabular-nums" data-testid={`day-total-${i}`}>
                    {formatMinutes(minutes)}
                  </td>
                ))}
                <td className={`${STICKY_TOTAL} ${TINTED} px-3 py-2 text-right font-semibold tabular-nums`} data-testid="week-total">
                  {formatMinutes(total)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {errors.length > 0 ? (
        <ul role="alert" className="space-y-1 text-sm text-destructive">
          {errors.map(([key, draft]) => {
            const [projectId, taskId, day] = key.split('/');
            const row = rows.find((r) => r.projectId === projectId && (r.taskId ?? '') === taskId);
            return <li key={key}>{t(TIME_TEXTS.saveFailed, { row: row ? rowName(row) : '', day: dayLabel(day!), error: draft.error ?? '' })}</li>;
          })}
        </ul>
      ) : null}
      {editable ? <AddRow onAdd={(row) => setAdded((rows) => [...rows, row])} /> : null}
      {sheet.isError && !sheet.data ? null : <TimeEntriesList week={week} profileId={profileId} />}
    </div>
  );
}

/**
 * Staff's Member select: "Me" first, then the organization's members by name. A member whose week
 * the server refuses shows its message where the grid would be (the tab's load error).
 */
function MemberSelect({ myId, value, onChange }: { myId: string; value: string; onChange: (id: string) => void }) {
  const t = useT('time', 'domain');
  const members = useQuery(timeMembersQuery);
  const others = (members.data ?? []).filter((member) => member.id !== myId).sort((a, b) => a.fullName.localeCompare(b.fullName));
  // A member from the URL before the list is read (or one it does not hold) still shows as chosen.
  const known = value === myId || others.some((member) => member.id === value);
  // Issue 49 item 3: members that failed to load are not "not found", nor an organization of one.
  const unknownLabel = members.isPending ? t(TIME_TEXTS.membersLoading) : members.isError ? t(TIME_TEXTS.membersLoadFailed) : t(TIME_MESSAGES.memberNotFound);
  return (
    <>
      <label className="flex items-center gap-2 text-sm font-medium">
        {t(TIME_TEXTS.member)}
        <NativeSelect aria-label={t(TIME_TEXTS.member)} value={value} onChange={(e) => onChange(e.target.value)} aria-busy={members.isPending}>
          <option value={myId}>{t(TIME_TEXTS.me)}</option>
          {known ? null : <option value={value}>{unknownLabel}</option>}
          {others.map((member) => (
            <option key={member.id} value={member.id}>
              {member.fullName}
            </option>
          ))}
        </NativeSelect>
      </label>
      {members.isError ? (
        <div className="basis-full sm:basis-auto">
          <LoadErrorPanel compact title={t(TIME_TEXTS.membersLoadFailed)} error={members.error} onRetry={() => void members.refetch()} />
        </div>
      ) : null}
    </>
  );
}

// The Add row's schema (zod) loads with its first check: the tab downloads no zod at first.
const loadRowSchema = async () => (await import('@/domain/time-entries')).timesheetRowFormSchema;

/**
 * Adds a row for a task or a project itself; it stays until the page is left, and holds time once
 * a cell is typed. A form of the kit (issue 47): Add without a project says so under the project
 * select, which takes the focus.
 */
function AddRow({ onAdd }: { onAdd: (row: Row) => void }) {
  const t = useT('time', 'domain');
  const form = useSchemaForm({ schema: loadRowSchema, defaultValues: { projectId: '', taskId: '' } });
  const projectId = useWatch({ control: form.control, name: 'projectId' });
  const projects = useInfiniteQuery(projectListQuery('', 'all'));
  const tasks = useInfiniteQuery({ ...taskListQuery(memberProjectSource(projectId || 'none')), enabled: projectId !== '' });
  const projectList = projects.data?.pages.flatMap((page) => page.items) ?? [];
  const taskList = tasks.data?.pages.flatMap((page) => page.items) ?? [];

  const submit = form.handleSubmit((chosen) => {
    const project = projectList.find((p) => p.id === chosen.projectId);
    if (!project) return;
    const task = taskList.find((item) => item.id === chosen.taskId);
    onAdd({ projectId: project.id, projectName: project.name, taskId: task?.id ?? null, taskTitle: task?.title ?? null, minutes: [0, 0, 0, 0, 0, 0, 0] });
    // The project stays chosen for the next of its tasks.
    form.setValue('taskId', '');
  });

  return (
    // items-start: the project's message under its select does not move the other fields.
    <form noValidate className="flex flex-wrap items-start gap-3 rounded-xl border bg-card p-4" aria-label={t(TIME_TEXTS.addRow)} onSubmit={submit}>
      <SchemaField form={form} name="projectId" label={t(TIME_TEXTS.addRowProject)} className="w-full min-w-0 sm:w-auto">
        {(field) => (
          <NativeSelect
            ref={field.ref}
            value={field.value}
            onBlur={field.onBlur}
            // Another project's tasks: the task chosen goes.
            onChange={(e) => (field.onChange(e.target.value), form.setValue('taskId', ''))}
          >
            <option value="">{t(TIME_TEXTS.chooseProject)}</option>
            {projectList.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </SchemaField>
      <SchemaField form={form} name="taskId" label={t(TIME_TEXTS.addRowTask)} className="w-full min-w-0 sm:w-auto">
        {(field) => (
          <NativeSelect ref={field.ref} value={field.value ?? ''} onBlur={field.onBlur} onChange={(e) => field.onChange(e.target.value)} disabled={!projectId}>
            <option value="">{t(TIME_TEXTS.noTask)}</option>
            {taskList.map((item) => (
              <option key={item.id} value={item.id}>
                {item.title}
              </option>
            ))}
          </NativeSelect>
        )}
      </SchemaField>
      {/* Level with the selects, under their labels. */}
      <Button type="submit" variant="outline" className="sm:mt-5">
        <Plus aria-hidden className="size-4" />
        {t(TIME_TEXTS.addRowConfirm)}
      </Button>
      {/* Issue 49 item 3: choices that failed to load are not "no projects" or "no tasks". */}
      {projects.isError ? <LoadErrorPanel compact title={t(TIME_TEXTS.projectsLoadFailed)} error={projects.error} onRetry={() => void projects.refetch()} /> : null}
      {tasks.isError ? <LoadErrorPanel compact title={t(TIME_TEXTS.tasksLoadFailed)} error={tasks.error} onRetry={() => void tasks.refetch()} /> : null}
    </form>
  );
}
