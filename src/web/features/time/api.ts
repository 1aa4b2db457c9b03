// Time (issue 32): the running timer, manual entries and the weekly timesheet. Types come from
// the domain's schemas; the 'time' live topic reaches only this member's tabs.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { StartTimerInput, StopTimerInput, TimeEntry, TimeEntryInput, TimerState, Timesheet, TimesheetCellInput } from '@/domain/time-entries';
import { api } from '@/web/lib/api-client';
import type { LiveRefresh } from '@/web/lib/realtime';

export const timeKeys = {
  all: ['time'] as const,
  timer: ['time', 'timer'] as const,
  timesheet: (week: string, profileId?: string) => ['time', 'timesheet', week, profileId ?? 'me'] as const,
};

/** Live updates: this member's time or timer changed (in another tab, or by staff). */
export const timeLive: LiveRefresh = { time: () => [timeKeys.all] };

export const timerQuery = queryOptions({
  queryKey: timeKeys.timer,
  queryFn: () => api.get<TimerState>('/api/time/timer'),
});

export function timesheetQuery(week: string, profileId?: string) {
  const query = new URLSearchParams({ week, ...(profileId ? { profileId } : {}) });
  return queryOptions({ queryKey: timeKeys.timesheet(week, profileId), queryFn: () => api.get<Timesheet>(`/api/time/timesheet?${query}`) });
}

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

export function useLogTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TimeEntryInput) => api.post<TimeEntry>('/api/time/entries', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timeKeys.all }),
  });
}

/** Sets one timesheet cell; the answer is the week as it now is. */
export function useSetTimesheetCell(week: string, profileId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TimesheetCellInput) => api.put<Timesheet>('/api/time/timesheet/cell', input),
    onSuccess: (sheet) => queryClient.setQueryData(timeKeys.timesheet(week, profileId), sheet),
  });
}
