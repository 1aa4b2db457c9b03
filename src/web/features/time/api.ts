// Time (issue 32): the running timer, manual entries and the weekly timesheet. Types come from
// the domain's schemas; the 'time' live topic reaches only this member's tabs.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatMinutes, localDate } from '@/domain/time-entry-rules';
import type { StartTimerInput, StopTimerInput, TimeEntry, TimeEntryInput, TimeEntryUpdate, Timer, TimerState, Timesheet, TimesheetCellInput } from '@/domain/time-entries';
import type { TeamMember } from '@/domain/team';
import type { Weekday } from '@/domain/region-rules';
import { translate } from '@/web/lib/i18n';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { askBeforeStop } from './stop-question';
import { TIME_TEXTS } from './texts';
import { api, ApiError } from '@/web/lib/api-client';
import { QUERY_ROOTS } from '@/web/lib/query-keys';
import { readEveryPage } from '@/web/lib/every-page';
import type { LiveRefresh } from '@/web/lib/realtime';

export const timeKeys = {
  all: [QUERY_ROOTS.time] as const,
  timer: [QUERY_ROOTS.time, 'timer'] as const,
  timesheet: (week: string, firstDay: Weekday, profileId?: string) => [QUERY_ROOTS.time, 'timesheet', week, firstDay, profileId ?? 'me'] as const,
  entries: (from: string, to: string, profileId?: string) => [QUERY_ROOTS.time, 'entries', from, to, profileId ?? 'me'] as const,
  /** Under 'team', so a change to the team (its live topic) reads it again, and a time change does not. */
  members: [QUERY_ROOTS.team, 'time-members'] as const,
};

/** Live updates: this member's time or timer changed (in another tab, or by staff). */
export const timeLive: LiveRefresh = { time: () => [timeKeys.all] };

export const timerQuery = queryOptions({
  queryKey: timeKeys.timer,
  queryFn: () => api.get<TimerState>('/api/time/timer'),
});

/** The week starting `week`, on the member's first day of the week (`firstDay`, formats.ts weekStartsOn). */
export function timesheetQuery(week: string, firstDay: Weekday, profileId?: string) {
  const query = new URLSearchParams({ week, firstDay: String(firstDay), ...(profileId ? { profileId } : {}) });
  return queryOptions({ queryKey: timeKeys.timesheet(week, firstDay, profileId), queryFn: () => api.get<Timesheet>(`/api/time/timesheet?${query}`) });
}

/** A member's entries from `from` to `to` (the caller's without `profileId`), oldest day first. */
export function timeEntriesQuery(from: string, to: string, profileId?: string) {
  const query = new URLSearchParams({ from, to, ...(profileId ? { profileId } : {}) });
  return queryOptions({
    queryKey: timeKeys.entries(from, to, profileId),
    queryFn: () => api.get<{ items: TimeEntry[]; truncated: boolean }>(`/api/time/entries?${query}`),
  });
}

/**
 * The members whose timesheet staff may open (the Timesheet tab's Member select): the whole
 * organization, read page after page (decision 021); the server answers with 403 for any it
 * refuses. Staff only: /api/team is theirs.
 */
export const timeMembersQuery = queryOptions({
  queryKey: timeKeys.members,
  queryFn: () => readEveryPage<TeamMember>('/api/team'),
  staleTime: 60_000,
});

export function useStartTimer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StartTimerInput) => api.post<TimerState>('/api/time/timer', input),
    onSuccess: (state) => queryClient.setQueryData(timeKeys.timer, state),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeKeys.all }),
  });
}

export function useStopTimer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StopTimerInput) => api.post<{ entry: TimeEntry }>('/api/time/timer/stop', input),
    onSuccess: () => queryClient.setQueryData<TimerState>(timeKeys.timer, { timer: null }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeKeys.all }),
  });
}

export function useDiscardTimer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<null>('/api/time/timer'),
    onSuccess: () => queryClient.setQueryData<TimerState>(timeKeys.timer, { timer: null }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timeKeys.all }),
  });
}

/** The stop's questions (409 timer_long, 409 timer_short): asked by the top bar (stop-question.ts). */
const STOP_QUESTIONS: Record<string, 'long' | 'short'> = { timer_long: 'long', timer_short: 'short' };

/**
 * Stopping the running timer from the top bar or the palette: saved, it toasts the time logged; a
 * timer over 10 hours or under a minute asks first (the top bar's dialog), and the answer stops it
 * again confirming (`save`, `trim`) or discards it. Either way the question closes. The toasts are
 * translated when they show (`translate`): the running timer in the top bar has loaded the `time`
 * words by then.
 */
export function useStopTimerFlow() {
  const stopMutation = useStopTimer();
  const discardMutation = useDiscardTimer();
  const stop = (timer: Pick<Timer, 'startedAt'>, confirm?: 'save' | 'trim') =>
    stopMutation.mutate(
      { workDate: localDate(new Date(timer.startedAt)), ...(confirm ? { confirm } : {}) },
      {
        onSuccess: ({ entry }) => {
          askBeforeStop(null);
          notifySuccess(translate(TIME_TEXTS.stopped, { duration: formatMinutes(entry.minutes) }));
        },
        onError: (error) => {
          const kind = error instanceof ApiError ? STOP_QUESTIONS[error.code] : undefined;
          if (kind) askBeforeStop({ kind, message: error.message, startedAt: timer.startedAt });
          else notifyError(error);
        },
      },
    );
  const discard = () =>
    discardMutation.mutate(undefined, {
      onSuccess: () => {
        askBeforeStop(null);
        notifySuccess(translate(TIME_TEXTS.discarded));
      },
      onError: (error) => notifyError(error),
    });
  return { stop, discard, pending: stopMutation.isPending || discardMutation.isPending };
}

export function useLogTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TimeEntryInput) => api.post<TimeEntry>('/api/time/entries', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timeKeys.all }),
  });
}

/**
 * Sets one timesheet cell; the answer is the week as it now is, starting on `firstDay` as the grid
 * does. The week's entries are read again.
 */
export function useSetTimesheetCell(week: string, firstDay: Weekday, profileId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TimesheetCellInput) => api.put<Timesheet>('/api/time/timesheet/cell', { ...input, firstDay, ...(profileId ? { profileId } : {}) }),
    onSuccess: (sheet) => {
      queryClient.setQueryData(timeKeys.timesheet(week, firstDay, profileId), sheet);
      void queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.time, 'entries'] });
    },
  });
}

/** Changes an entry (duration, day, note, billable); the grid and the entries are read again. */
export function useUpdateTimeEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...patch }: { id: string } & TimeEntryUpdate) => api.patch<TimeEntry>(`/api/time/entries/${id}`, patch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timeKeys.all }),
  });
}

export function useDeleteTimeEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/api/time/entries/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timeKeys.all }),
  });
}

/** Where a timer runs: "Project · Task", or the project alone. */
export function timerPlace(timer: Pick<Timer, 'projectName' | 'taskTitle'>): string {
  return timer.taskTitle ? `${timer.projectName} · ${timer.taskTitle}` : timer.projectName;
}

export type TimerCommand = { id: string; label: string; keywords: string; run: () => void };

/**
 * The timer's commands for the command palette (issue 34): stop the running timer from anywhere,
 * or start one on the project whose page is open (`projectId`). A timer over 10 hours or under a
 * minute is not saved at once: the top bar's running timer asks (useStopTimerFlow). The labels are
 * translated as the palette renders (`translate`), in words already loaded: Stop is offered while a
 * timer runs, which the top bar shows (`useT('time')`), Start on a project's page, which shows
 * Start timer and Log time (TimeActions).
 */
export function useTimerCommands(projectId: string | undefined): TimerCommand[] {
  const timer = useQuery(timerQuery).data?.timer ?? null;
  const start = useStartTimer();
  const { stop } = useStopTimerFlow();
  if (timer) {
    return [
      {
        id: 'stop-timer',
        label: translate(TIME_TEXTS.stopTimerCommand, { where: timerPlace(timer) }),
        keywords: translate(TIME_TEXTS.stopTimerKeywords),
        run: () => stop(timer),
      },
    ];
  }
  if (!projectId) return [];
  return [
    {
      id: 'start-timer',
      label: translate(TIME_TEXTS.startTimerCommand),
      keywords: translate(TIME_TEXTS.startTimerKeywords),
      run: () => start.mutate({ projectId, taskId: null }, { onError: (error) => notifyError(error) }),
    },
  ];
}
