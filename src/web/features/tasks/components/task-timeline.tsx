// Issue 51 item 3 (decision 048): the project's tasks on a timeline, in plain SVG like the
// burn-down chart. One row per task in the list's order, a bar from its start to its due date (a
// task with one date is a one-day bar), arrows from a blocker's end to its dependent's start,
// today's line, week or month zoom. Staff drag a bar (both dates) or its ends (one date), or use
// the keyboard; a drag moves the bar's own element (a transform set on a ref) and the change is
// sent once, on release, so 1,000 bars make one SVG and no React render per pointer move.
// Its own lazy chunk: the Tasks tab loads it when the view is chosen.
import { memo, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { Task } from '@/domain/tasks';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/class-names';
import { formatDate, todayIso } from '@/web/lib/format-date';
import { formatLocale } from '@/web/lib/formats';
import { useT } from '@/web/lib/i18n';
import { notifyError } from '@/web/lib/notify';
import type { ProjectSource } from '@/web/lib/project-source';
import { useUpdateTask } from '../api';
import { TASK_TEXTS } from '../texts';
import { TIMELINE_TEXTS } from '../timeline-texts';
import { dependentCount, ShiftDependentsOffer } from './shift-dependents-offer';

export type TimelineZoom = 'week' | 'month';
/** A day's width in pixels at each zoom. */
export const DAY_WIDTH: Record<TimelineZoom, number> = { week: 32, month: 8 };
export const ROW_HEIGHT = 32;
const HEADER_HEIGHT = 32;
const BAR_HEIGHT = 18;
const EDGE = 6;

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
export const addDays = (date: string, days: number) => dateOfDay(dayNumber(date) + days);

export type TimelineBar = { task: Task; row: number; start: string; due: string };

/** The bars (tasks with a start or a due date, in list order) and the tasks with neither. */
export function timelineRows(tasks: readonly Task[]): { bars: TimelineBar[]; unscheduled: Task[] } {
  const bars: TimelineBar[] = [];
  const unscheduled: Task[] = [];
  for (const task of tasks) {
    const start = task.startDate ?? task.dueDate;
    const due = task.dueDate ?? task.startDate;
    if (start && due) bars.push({ task, row: bars.length, start, due });
    else unscheduled.push(task);
  }
  return { bars, unscheduled };
}

/** The days shown: from a few days before the first bar (or today) to a week after the last. */
export function timelineRange(bars: readonly TimelineBar[], today: string): { first: string; days: number } {
  let low = dayNumber(today);
  let high = low;
  for (const bar of bars) {
    low = Math.min(low, dayNumber(bar.start));
    high = Math.max(high, dayNumber(bar.due));
  }
  return { first: dateOfDay(low - 3), days: high - low + 3 + 14 };
}

/** The dates a change sends: both moved by `days`, or one end; a task's missing date stays missing unless that end is moved. */
export function changedDates(bar: TimelineBar, mode: 'move' | 'start' | 'due', days: number): { startDate?: string; dueDate?: string } {
  if (mode === 'move') {
    return {
      ...(bar.task.startDate ? { startDate: addDays(bar.task.startDate, days) } : {}),
      ...(bar.task.dueDate ? { dueDate: addDays(bar.task.dueDate, days) } : {}),
    };
  }
  if (mode === 'start') return { startDate: addDays(bar.start, days) };
  return { dueDate: addDays(bar.due, days) };
}

type BarProps = { id: string; start: string; due: string; x: number; y: number; width: number; label: string; tone: 'done' | 'blocked' | 'open'; blockedText: string; focusable: boolean; canEdit: boolean };

/**
 * One bar, redrawn only when its own place or words change: events are handled once, on the
 * svg (by the bar's data-task), so a new page of tasks or a focus draws only what changed.
 */
const Bar = memo(function Bar({ id, start, due, x, y, width, label, tone, blockedText, focusable, canEdit }: BarProps) {
  return (
    <g
      data-testid="timeline-bar"
      data-task={id}
      data-start={start}
      data-due={due}
      role="img"
      aria-label={label}
      tabIndex={focusable ? 0 : -1}
      className={cn('outline-none focus-visible:[&>rect]:stroke-ring focus-visible:[&>rect]:stroke-2', canEdit && 'cursor-grab')}
    >
      <rect
        x={x}
        y={y + (ROW_HEIGHT - BAR_HEIGHT) / 2}
        width={width}
        height={BAR_HEIGHT}
        rx={4}
        className={tone === 'done' ? 'fill-emerald-500' : tone === 'blocked' ? 'fill-amber-400 stroke-amber-700' : 'fill-primary'}
        strokeDasharray={tone === 'blocked' ? '4 2' : undefined}
      />
      {tone === 'blocked' ? (
        <text x={x + 4} y={y + ROW_HEIGHT / 2 + 4} className="pointer-events-none fill-amber-950 text-[10px] font-medium" aria-hidden>
          {blockedText}
        </text>
      ) : null}
    </g>
  );
});

type Drag = { bar: TimelineBar; mode: 'move' | 'start' | 'due'; x: number; pointerId: number; element: SVGGElement; rect: SVGRectElement; days: number };

export function TaskTimeline({ source, tasks, canEdit }: { source: ProjectSource; tasks: readonly Task[]; canEdit: boolean }) {
  const t = useT('tasks', 'domain-shared');
  const update = useUpdateTask(source);
  const [zoom, setZoom] = useState<TimelineZoom>('week');
  const [active, setActive] = useState(0);
  const [said, setSaid] = useState('');
  const [offerFor, setOfferFor] = useState<Task | null>(null);
  const drag = useRef<Drag | null>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);

  const today = todayIso();
  const { bars, unscheduled } = timelineRows(tasks);
  const { first, days } = timelineRange(bars, today);
  const dayWidth = DAY_WIDTH[zoom];
  const x = (date: string) => (dayNumber(date) - dayNumber(first)) * dayWidth;
  // At least as wide as a wide screen's box, so the grid does not stop short of its right edge.
  const width = Math.max(days, Math.ceil(1_100 / dayWidth)) * dayWidth;
  const height = HEADER_HEIGHT + bars.length * ROW_HEIGHT;
  const rowY = (row: number) => HEADER_HEIGHT + row * ROW_HEIGHT;
  const byId = new Map(bars.map((bar) => [bar.task.id, bar]));
  const locale = formatLocale();
  const current = Math.min(active, Math.max(bars.length - 1, 0));
  const blockedText = t(TASK_TEXTS.blockers.blocked);

  // Opened, or zoomed: today's line near the left edge (past the titles), where the plan goes on.
  const todayX = x(today);
  useEffect(() => {
    if (scrollerRef.current) scrollerRef.current.scrollLeft = Math.max(0, todayX - 3 * dayWidth);
  }, [todayX, dayWidth]);

  const label = (bar: TimelineBar) => {
    const values = { task: bar.task.title, start: formatDate(bar.start), due: formatDate(bar.due) };
    return bar.task.blockedBy.length > 0
      ? t(TIMELINE_TEXTS.barBlocked, { ...values, blockers: bar.task.blockedBy.map((blocker) => blocker.title).join(', ') })
      : t(TIMELINE_TEXTS.bar, values);
  };

  /** Sends one change; a refusal (here or by the server) leaves the bar where it was and says why. */
  const commit = (bar: TimelineBar, mode: Drag['mode'], moved: number) => {
    if (moved === 0) return;
    const change = changedDates(bar, mode, moved);
    const start = change.startDate ?? bar.task.startDate;
    const due = change.dueDate ?? bar.task.dueDate;
    if (start && due && start > due) {
      notifyError(t(TIMELINE_TEXTS.startAfterDue), t(TIMELINE_TEXTS.moveFailed));
      return;
    }
    const laterDue = change.dueDate !== undefined && bar.task.dueDate !== null && change.dueDate > bar.task.dueDate;
    setSaid(t(TIMELINE_TEXTS.moved, { task: bar.task.title, start: formatDate(start ?? due!), due: formatDate(due ?? start!) }));
    update.mutate(
      { taskId: bar.task.id, ...change },
      {
        onSuccess: (saved) => {
          if (laterDue && dependentCount(tasks, saved.id) > 0) setOfferFor(saved);
        },
        onError: (error) => notifyError(error, t(TIMELINE_TEXTS.moveFailed)),
      },
    );
  };

  /** The bar an event happened on, by its element's data-task. */
  const barOf = (target: EventTarget): { bar: TimelineBar; element: SVGGElement } | null => {
    const element = (target as Element).closest?.<SVGGElement>('[data-task]');
    const bar = element ? byId.get(element.getAttribute('data-task')!) : undefined;
    return element && bar ? { bar, element } : null;
  };

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    const hit = barOf(event.target);
    if (!canEdit || event.button !== 0 || !hit) return;
    const { bar, element } = hit;
    const rect = element.querySelector('rect')!;
    const box = rect.getBoundingClientRect();
    const mode: Drag['mode'] = event.clientX - box.left < EDGE ? 'start' : box.right - event.clientX < EDGE ? 'due' : 'move';
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { bar, mode, x: event.clientX, pointerId: event.pointerId, element, rect, days: 0 };
    event.preventDefault();
  };

  // While dragging, only the bar's element changes (no React state): a transform for a move, the
  // rectangle's x and width for an end; both snapped to whole days.
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    const moved = Math.round((event.clientX - state.x) / dayWidth);
    if (moved === state.days) return;
    state.days = moved;
    const left = x(state.bar.start);
    const right = x(state.bar.due) + dayWidth;
    if (state.mode === 'move') state.element.setAttribute('transform', `translate(${moved * dayWidth} 0)`);
    else if (state.mode === 'start') {
      const newLeft = Math.min(left + moved * dayWidth, right - dayWidth);
      state.rect.setAttribute('x', String(newLeft));
      state.rect.setAttribute('width', String(right - newLeft));
    } else state.rect.setAttribute('width', String(Math.max(right + moved * dayWidth - left, dayWidth)));
  };

  const endDrag = (event: PointerEvent<SVGSVGElement>, send: boolean) => {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId) return;
    drag.current = null;
    // Back to the drawn place: the list's optimistic change (or nothing, on a refusal) draws it anew.
    state.element.removeAttribute('transform');
    state.rect.setAttribute('x', String(x(state.bar.start)));
    state.rect.setAttribute('width', String(x(state.bar.due) + dayWidth - x(state.bar.start)));
    if (send) commit(state.bar, state.mode, state.days);
  };

  const focusBar = (index: number) => {
    const bar = bars[index];
    if (!bar) return;
    setActive(index);
    svgRef.current?.querySelector<SVGGElement>(`[data-task="${bar.task.id}"]`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const hit = barOf(event.target);
    if (!hit) return;
    const { bar } = hit;
    const index = bar.row;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusBar(index + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      focusBar(event.key === 'Home' ? 0 : bars.length - 1);
    } else if (canEdit && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
      event.preventDefault();
      commit(bar, event.shiftKey ? 'due' : 'move', event.key === 'ArrowRight' ? 1 : -1);
    }
  };

  const header: { x: number; text: string }[] = [];
  for (let i = 0; i < width / dayWidth; i++) {
    const date = addDays(first, i);
    const day = new Date(`${date}T00:00:00Z`);
    if (zoom === 'week' ? day.getUTCDay() === 1 : day.getUTCDate() === 1) {
      const text = new Intl.DateTimeFormat(locale, zoom === 'week' ? { day: 'numeric', month: 'short', timeZone: 'UTC' } : { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(day);
      header.push({ x: i * dayWidth, text });
    }
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <div role="group" aria-label={t(TIMELINE_TEXTS.zoom)} className="inline-flex rounded-md border p-0.5">
          {(['week', 'month'] as const).map((option) => (
            <Button key={option} size="sm" variant={zoom === option ? 'secondary' : 'ghost'} aria-pressed={zoom === option} onClick={() => setZoom(option)}>
              {t(option === 'week' ? TIMELINE_TEXTS.week : TIMELINE_TEXTS.month)}
            </Button>
          ))}
        </div>
        <p id="timeline-help" className="text-xs text-muted-foreground">
          {t(canEdit ? TIMELINE_TEXTS.editHelp : TIMELINE_TEXTS.readHelp)}
        </p>
      </div>
      {offerFor ? <ShiftDependentsOffer source={source} task={offerFor} onDone={() => setOfferFor(null)} /> : null}
      <p role="status" className="sr-only">
        {said}
      </p>
      {bars.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t(TIMELINE_TEXTS.noneScheduled)}</p>
      ) : (
        <div ref={scrollerRef} className="max-h-[70vh] overflow-auto rounded-lg border bg-card" data-testid="timeline-scroller">
          <div className="flex w-max">
            <ul className="sticky left-0 z-10 w-32 shrink-0 border-r bg-card sm:w-48" aria-hidden>
              <li style={{ height: HEADER_HEIGHT }} />
              {bars.map((bar) => (
                <li key={bar.task.id} style={{ height: ROW_HEIGHT }} className="truncate px-2 text-sm leading-8" title={bar.task.title}>
                  {bar.task.title}
                </li>
              ))}
            </ul>
            <svg
              ref={svgRef}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={(event) => endDrag(event, true)}
              onPointerCancel={(event) => endDrag(event, false)}
              onKeyDown={onKeyDown}
              onFocus={(event) => {
                const hit = barOf(event.target);
                if (hit) setActive(hit.bar.row);
              }}
              width={width}
              height={height}
              role="group"
              aria-label={t(TIMELINE_TEXTS.label)}
              aria-describedby="timeline-help"
              className="block shrink-0 select-none"
              data-testid="task-timeline"
            >
              <defs>
                <marker id="timeline-arrow" viewBox="0 0 8 8" refX="8" refY="4" markerWidth="6" markerHeight="6" orient="auto">
                  <path d="M0 0 L8 4 L0 8 z" className="fill-muted-foreground" />
                </marker>
              </defs>
              <g aria-hidden>
                {header.map((mark) => (
                  <g key={mark.x}>
                    <line x1={mark.x} x2={mark.x} y1={0} y2={height} className="stroke-border" />
                    <text x={mark.x + 4} y={20} className="fill-muted-foreground text-xs">
                      {mark.text}
                    </text>
                  </g>
                ))}
                <line x1={0} x2={width} y1={HEADER_HEIGHT} y2={HEADER_HEIGHT} className="stroke-border" />
                <line data-testid="timeline-today" x1={x(today) + dayWidth / 2} x2={x(today) + dayWidth / 2} y1={0} y2={height} className="stroke-destructive" strokeWidth={2}>
                  <title>{t(TIMELINE_TEXTS.today)}</title>
                </line>
                {bars.flatMap((bar) =>
                  bar.task.blockedBy.flatMap((blocker) => {
                    const from = byId.get(blocker.id);
                    if (!from) return [];
                    const x1 = x(from.due) + dayWidth;
                    const y1 = rowY(from.row) + ROW_HEIGHT / 2;
                    const x2 = x(bar.start);
                    const y2 = rowY(bar.row) + ROW_HEIGHT / 2;
                    const bend = Math.max(x1 + 6, x2 - 6);
                    return [
                      <path
                        key={`${blocker.id}-${bar.task.id}`}
                        data-testid="timeline-arrow"
                        data-from={blocker.id}
                        data-to={bar.task.id}
                        d={`M${x1} ${y1} H${bend} V${y2} H${x2}`}
                        fill="none"
                        className="stroke-muted-foreground"
                        markerEnd="url(#timeline-arrow)"
                      />,
                    ];
                  }),
                )}
              </g>
              {bars.map((bar, index) => (
                <Bar
                  key={bar.task.id}
                  id={bar.task.id}
                  start={bar.start}
                  due={bar.due}
                  x={x(bar.start)}
                  y={rowY(bar.row)}
                  width={x(bar.due) + dayWidth - x(bar.start)}
                  label={label(bar)}
                  tone={bar.task.status === 'completed' ? 'done' : bar.task.blockedBy.some((blocker) => blocker.status !== 'completed') ? 'blocked' : 'open'}
                  blockedText={blockedText}
                  focusable={index === current}
                  canEdit={canEdit}
                />
              ))}
            </svg>
          </div>
        </div>
      )}
      {unscheduled.length > 0 ? (
        <section aria-labelledby="timeline-unscheduled" className="space-y-1">
          <h3 id="timeline-unscheduled" className="text-sm font-semibold">
            {t(TIMELINE_TEXTS.notScheduled)}
          </h3>
          <ul className="list-inside list-disc text-sm text-muted-foreground" data-testid="timeline-unscheduled">
            {unscheduled.map((task) => (
              <li key={task.id}>{task.title}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
