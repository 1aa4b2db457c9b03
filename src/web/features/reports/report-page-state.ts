// Issue 49 item 15: the Reports page's state lives in the URL, so a reload or a shared link shows
// the same report: the one date range (`range`, and `from`/`to` when custom), the time report's
// filters (`client`, `project`, `member`, `billable`), its grouping (`by`) and how far it is
// drilled (`drillClient`, `drillProject`, `drillTask`). Filters and the range replace the history
// entry, as other tabs' state does; a step of the drill-down adds one, so Back goes up a step.
import { useSearchParams } from 'react-router';
import {
  NO_TASK,
  REPORT_RANGE_PRESETS,
  reportPresetRange,
  TIME_REPORT_BILLABLE,
  TIME_REPORT_GROUPS,
  timeReportRangeSchema,
  type ReportRangePreset,
  type TimeReportBillable,
  type TimeReportGroup,
} from '@/domain/time-reports';
import type { DateRange } from './api';

export const DEFAULT_PRESET: Exclude<ReportRangePreset, 'custom'> = 'this-month';

export type ReportFilters = { clientId?: string; projectId?: string; memberId?: string; billable: TimeReportBillable };
export type ReportDrill = { clientId?: string; projectId?: string; taskId?: string };

export type ReportPageState = {
  preset: ReportRangePreset;
  /** The custom range as typed (the preset's days otherwise). */
  typed: DateRange;
  /** The range every section reads; null while a custom one is not valid. */
  range: DateRange | null;
  /** A custom range's message (a text's id or words), for the To field. */
  rangeError?: string;
  filters: ReportFilters;
  groupBy: TimeReportGroup;
  drill: ReportDrill;
};

const DRILL_KEYS = ['drillClient', 'drillProject', 'drillTask'] as const;

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

const optional = (value: string | null) => value || undefined;

export function readReportPageState(params: URLSearchParams, today: string): ReportPageState {
  const preset = oneOf(REPORT_RANGE_PRESETS, params.get('range'), DEFAULT_PRESET);
  let typed: DateRange;
  if (preset === 'custom') {
    const fallback = reportPresetRange(DEFAULT_PRESET, today);
    typed = { from: params.get('from') ?? fallback.from, to: params.get('to') ?? fallback.to };
  } else typed = reportPresetRange(preset, today);
  const checked = timeReportRangeSchema.safeParse(typed);
  const drillTask = optional(params.get('drillTask'));
  return {
    preset,
    typed,
    range: checked.success ? typed : null,
    rangeError: checked.success ? undefined : checked.error.issues[0]?.message,
    filters: {
      clientId: optional(params.get('client')),
      projectId: optional(params.get('project')),
      memberId: optional(params.get('member')),
      billable: oneOf(TIME_REPORT_BILLABLE, params.get('billable'), 'all'),
    },
    groupBy: oneOf(TIME_REPORT_GROUPS, params.get('by'), 'client'),
    drill: {
      clientId: optional(params.get('drillClient')),
      projectId: optional(params.get('drillProject')),
      taskId: drillTask === NO_TASK || drillTask ? drillTask : undefined,
    },
  };
}

type Changes = Record<string, string | undefined>;

export function useReportPageState(today: string) {
  const [params, setParams] = useSearchParams();
  const state = readReportPageState(params, today);
  const change = (changes: Changes, options: { push?: boolean; keepDrill?: boolean } = {}) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        // Narrowing the report differently starts the drill-down again from its top.
        if (!options.keepDrill) for (const key of DRILL_KEYS) next.delete(key);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: !options.push },
    );
  return {
    state,
    setPreset: (preset: ReportRangePreset) =>
      // A custom range starts from the days on screen.
      change(preset === 'custom' ? { range: preset, from: state.typed.from, to: state.typed.to } : { range: preset, from: undefined, to: undefined }, { keepDrill: true }),
    setCustom: (range: Partial<DateRange>) => change({ range: 'custom', from: range.from ?? state.typed.from, to: range.to ?? state.typed.to }, { keepDrill: true }),
    setFilter: (key: 'client' | 'project' | 'member' | 'billable' | 'by', value: string | undefined) =>
      change(key === 'client' ? { client: value, project: undefined } : { [key]: value === 'all' ? undefined : value }),
    /** One step down (push) or back up to a crumb (push too: Back returns where one was). */
    drillTo: (drill: ReportDrill) =>
      change({ drillClient: drill.clientId, drillProject: drill.projectId, drillTask: drill.taskId }, { push: true }),
  };
}
