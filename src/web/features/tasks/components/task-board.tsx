// The project's task board (issue 16): a column per status, tasks in their saved order; drag and
// drop with the mouse, a long press or the keyboard (dnd-kit: Space to pick up, arrows to move, Space to
// drop), each move saved as the task's status and the task it now follows. A click on a card, or
// Enter on it, opens the task's panel (issue 49).
import {
  closestCorners,
  DndContext,
  type Announcements,
  KeyboardCode,
  KeyboardSensor,
  type KeyboardCodes,
  MouseSensor,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragOverEvent,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { TASK_STATUSES, type TaskStatus } from '@/domain/project-status';
import { compareBoardOrder } from '@/domain/task-order';
import { isTaskOverdue, TASK_MESSAGES, TASK_STATUS_TITLES, type Task } from '@/domain/tasks';
import { Badge } from '@/web/components/ui/badge';
import { cn } from '@/web/lib/class-names';
import { formatDate, todayIso } from '@/web/lib/format-date';
import { translate, useT } from '@/web/lib/i18n';
import { TASK_TEXTS } from '../texts';
import { PriorityBadge } from './priority-badge';
import { BlockedBadge } from './blocked-badge';
import { TaskTitle, type TaskLinks } from './task-title';

type Columns = Record<TaskStatus, Task[]>;

/**
 * dnd-kit's keys without Enter among those that pick a card up (issue 49): Enter opens the task,
 * as on a link. While a card moves, Enter still drops it, as Space does.
 */
const BOARD_KEYS: KeyboardCodes = {
  start: [KeyboardCode.Space],
  cancel: [KeyboardCode.Esc],
  end: [KeyboardCode.Space, KeyboardCode.Enter, KeyboardCode.Tab],
};

/** Each column's tasks in board order (the server's: lowest position first, then oldest). */
export function boardColumns(tasks: readonly Task[]): Columns {
  const columns: Columns = { pending: [], in_progress: [], completed: [] };
  for (const task of tasks) columns[task.status].push(task);
  for (const status of TASK_STATUSES) columns[status].sort(compareBoardOrder);
  return columns;
}

function columnOf(columns: Columns, id: string): TaskStatus | undefined {
  if ((TASK_STATUSES as readonly string[]).includes(id)) return id as TaskStatus;
  return TASK_STATUSES.find((status) => columns[status].some((task) => task.id === id));
}

/**
 * Where a dragged task lands when dropped over `overId` (a task or a column), as the drop saves
 * it: the column, its 1-based position there and how many tasks the column then holds.
 */
export function dropPlace(columns: Columns, activeId: string, overId: string): { status: TaskStatus; position: number; count: number } | null {
  const status = columnOf(columns, overId);
  if (!status) return null;
  const column = columns[status];
  const own = column.findIndex((task) => task.id === activeId);
  const over = column.findIndex((task) => task.id === overId);
  // Over the column itself: at its end; over a task: in that task's place.
  const index = over >= 0 ? over : own >= 0 ? column.length - 1 : column.length;
  return { status, position: index + 1, count: own >= 0 ? column.length : column.length + 1 };
}

/**
 * What screen readers hear while a task moves (dnd-kit's live region): the task's title and the
 * column's name with the place in it, never the ids dnd-kit would say (issue 27). The drag
 * handlers run first and tell it the board as shown (`show`). It speaks outside a render, in the
 * language on screen (`translate`: the board's useT('tasks', 'domain-shared') loaded the part).
 */
function boardAnnouncer(initial: Columns): { announcements: Announcements; show: (columns: Columns) => void } {
  let shown = initial;
  const columns = () => shown;
  let lastPlace = '';
  const titleOf = (id: string | number) =>
    TASK_STATUSES.flatMap((status) => columns()[status]).find((task) => task.id === id)?.title ?? '';
  const placeOf = (activeId: string | number, overId: string | number) => {
    const place = dropPlace(columns(), String(activeId), String(overId));
    return place ? translate(TASK_TEXTS.place, { column: translate(TASK_STATUS_TITLES[place.status]), position: place.position, count: place.count }) : null;
  };
  const columnTitle = (id: string | number) => {
    const status = columnOf(columns(), String(id));
    return status ? translate(TASK_STATUS_TITLES[status]) : '';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastPlace = placeOf(active.id, active.id) ?? '';
      return translate(TASK_TEXTS.pickedUp, { task: titleOf(active.id), place: lastPlace });
    },
    onDragOver: ({ active, over }) => {
      if (!over) return translate(TASK_TEXTS.notOverColumn, { task: titleOf(active.id) });
      const place = placeOf(active.id, over.id);
      // dnd-kit reports the task over itself as it is picked up: nothing new to say.
      if (!place || place === lastPlace) return undefined;
      lastPlace = place;
      return translate(TASK_TEXTS.movedTo, { task: titleOf(active.id), place });
    },
    onDragEnd: ({ active, over }) => {
      const place = over ? placeOf(active.id, over.id) : null;
      return place
        ? translate(TASK_TEXTS.droppedIn, { task: titleOf(active.id), place })
        : translate(TASK_TEXTS.droppedOutside, { task: titleOf(active.id), column: columnTitle(active.id) });
    },
    onDragCancel: ({ active }) => translate(TASK_TEXTS.moveCancelled, { task: titleOf(active.id), column: columnTitle(active.id) }),
  };
  return {
    announcements,
    show: (next) => {
      shown = next;
    },
  };
}

type TaskBoardProps = {
  tasks: readonly Task[];
  /** Saves a task's new column and place: right after the task named (null: at the top). */
  onMove: (task: Task, status: TaskStatus, afterTaskId: string | null) => void;
  disabled?: boolean;
  /** A card's title opens the task's panel (issue 29). */
  links?: TaskLinks;
};

export function TaskBoard({ tasks, onMove, disabled, links }: TaskBoardProps) {
  const t = useT('tasks', 'domain-shared');
  // While dragging, the board shows the task in the column it is over; the drop saves it.
  const [dragging, setDragging] = useState<Columns | null>(null);
  const columns = dragging ?? boardColumns(tasks);
  const [announcer] = useState(() => boardAnnouncer(boardColumns(tasks)));
  const showWhileDragging = (next: Columns) => {
    announcer.show(next);
    setDragging(next);
  };
  // A mouse drags after 5 px; a finger after a 250 ms press, so a swipe still scrolls the page.
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, keyboardCodes: BOARD_KEYS }),
  );

  // A card that changes column is a new element there, so the focus the keyboard was moving
  // would fall to the page: while the drop settles (the board renders it, then the list's
  // optimistic update, then the server's answer), a card that lost focus takes it back.
  const refocus = useRef<{ id: string; until: number } | null>(null);
  useEffect(() => {
    const target = refocus.current;
    if (!target) return;
    // After dnd-kit's own attempt to restore focus, which targets the card's old element.
    const frame = requestAnimationFrame(() => {
      if (Date.now() > target.until) refocus.current = null;
      else if (!document.activeElement || document.activeElement === document.body) {
        document.querySelector<HTMLElement>(`[data-board-card="${target.id}"]`)?.focus();
      }
    });
    return () => cancelAnimationFrame(frame);
  });
  const keepFocusOn = (id: string) => {
    refocus.current = { id, until: Date.now() + 3000 };
  };

  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    const current = dragging ?? boardColumns(tasks);
    const from = columnOf(current, String(active.id));
    const to = columnOf(current, String(over.id));
    if (!from || !to || from === to) return;
    const task = current[from].find((t) => t.id === active.id)!;
    const overIndex = current[to].findIndex((t) => t.id === over.id);
    const target = [...current[to]];
    target.splice(overIndex < 0 ? target.length : overIndex, 0, { ...task, status: to });
    showWhileDragging({ ...current, [from]: current[from].filter((t) => t.id !== active.id), [to]: target });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const current = dragging ?? boardColumns(tasks);
    // Dropped outside the board, the task stays in its saved column.
    announcer.show(over ? current : boardColumns(tasks));
    keepFocusOn(String(active.id));
    setDragging(null);
    const task = tasks.find((t) => t.id === active.id);
    const to = over ? columnOf(current, String(over.id)) : undefined;
    if (!over || !task || !to) return;
    // The column as shown (the task already in it), then the drop's reordering within it.
    const column = current[to];
    const from = column.findIndex((t) => t.id === task.id);
    const overIndex = column.findIndex((t) => t.id === over.id);
    const order = from < 0 ? [...column, task] : arrayMove(column, from, overIndex < 0 ? column.length - 1 : overIndex);
    const at = order.findIndex((t) => t.id === task.id);
    const before = order[at - 1];
    // Back where it was: nothing to save.
    const saved = boardColumns(tasks)[task.status];
    const was = saved.findIndex((t) => t.id === task.id);
    if (to === task.status && saved[was - 1]?.id === before?.id) return;
    // The server decides the stored position from the neighbour (decision 016).
    onMove(task, to, before?.id ?? null);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragStart={() => showWhileDragging(boardColumns(tasks))}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={({ active }) => {
        announcer.show(boardColumns(tasks));
        keepFocusOn(String(active.id));
        setDragging(null);
      }}
      accessibility={{ announcements: announcer.announcements, screenReaderInstructions: { draggable: t(links ? TASK_TEXTS.dragHintOpens : TASK_TEXTS.dragHint) } }}
    >
      <div className="grid gap-4 md:grid-cols-3">
        {TASK_STATUSES.map((status) => (
          <BoardColumn key={status} status={status} tasks={columns[status]} disabled={disabled} links={links} />
        ))}
      </div>
    </DndContext>
  );
}

function BoardColumn({ status, tasks, disabled, links }: { status: TaskStatus; tasks: Task[]; disabled?: boolean; links?: TaskLinks }) {
  const t = useT('tasks', 'domain-shared');
  const { setNodeRef, isOver } = useDroppable({ id: status });
  const title = t(TASK_STATUS_TITLES[status]);
  return (
    <section aria-label={t(TASK_TEXTS.boardColumn, { status: title, count: tasks.length })} className={cn('grid content-start gap-2 rounded-lg border bg-muted/30 p-3', isOver && 'ring-2 ring-ring/40')}>
      <h3 className="flex items-center justify-between text-sm font-semibold">
        {title}
        <Badge variant="secondary">{tasks.length}</Badge>
      </h3>
      <SortableContext items={tasks.map((t) => t.id)} strategy={verticalListSortingStrategy}>
        <ul ref={setNodeRef} className="grid min-h-16 gap-2">
          {tasks.map((task) => (
            <BoardCard key={task.id} task={task} disabled={disabled} links={links} />
          ))}
          {tasks.length === 0 ? (
            <li className="grid min-h-16 place-items-center rounded-md border border-dashed p-3 text-center text-xs text-muted-foreground">{t(TASK_TEXTS.emptyColumn)}</li>
          ) : null}
        </ul>
      </SortableContext>
    </section>
  );
}

function BoardCard({ task, disabled, links }: { task: Task; disabled?: boolean; links?: TaskLinks }) {
  const t = useT('tasks', 'domain-shared');
  const { attributes, listeners, setNodeRef, transform, transition, isDragging, active } = useSortable({ id: task.id, disabled });
  const navigate = useNavigate();
  const overdue = isTaskOverdue(task, todayIso());
  const details = (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
      <PriorityBadge priority={task.priority} />
      <BlockedBadge task={task} />
      {task.assigneeName ? <span>{t(TASK_TEXTS.assignedTo, { name: task.assigneeName })}</span> : null}
      {task.dueDate ? (
        <span className={cn(overdue && 'font-medium text-red-700')}>
          {formatDate(task.dueDate)}
          {overdue ? ` ${t(TASK_MESSAGES.overdue)}` : ''}
        </span>
      ) : null}
    </span>
  );
  const cardClass = 'rounded-md border bg-card text-sm shadow-xs';
  // Picked up: raised and outlined, by mouse, finger or keyboard alike.
  const draggingClass = 'cursor-grabbing shadow-lg ring-2 ring-ring';
  if (!links) {
    return (
      <li ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition }} className={cn(isDragging && 'relative z-10')}>
        {/* The draggable control (a button to assistive tech, Space picks it up) inside its list item. */}
        <div
          {...attributes}
          {...listeners}
          data-board-card={task.id}
          className={cn('grid cursor-grab gap-1 p-3 outline-none focus-visible:ring-2 focus-visible:ring-ring', cardClass, isDragging && draggingClass)}
        >
          <span className="font-medium break-words">{task.title}</span>
          {details}
        </div>
      </li>
    );
  }
  // With a link to the task's panel, the title may not sit inside the draggable control (a link
  // inside a button is neither to assistive tech): the control covers the whole card beneath its
  // face, which lets presses through to it, and the title's link sits above, where the face keeps
  // its place. The control keeps the card's words for its name, so it reads (and is found) as
  // before. A click anywhere on the card opens the task (issue 49): on the title by its link, on
  // the rest by the control. A press that moves less than 5 px stays a click; once it drags, dnd-kit
  // swallows the click that ends the drag. By keyboard Enter opens it, Space picks it up (BOARD_KEYS).
  const openTask = () => void navigate(links.href(task), { state: links.state });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn('relative', cardClass, isDragging && cn('z-10', draggingClass))}
    >
      <div
        {...attributes}
        {...listeners}
        onKeyDown={(event) => {
          // While a card moves, Enter is the sensor's: it drops the card.
          if (event.key === 'Enter' && active === null && event.target === event.currentTarget) {
            event.preventDefault();
            openTask();
            return;
          }
          listeners?.onKeyDown?.(event);
        }}
        onClick={openTask}
        onPointerEnter={links.onIntent}
        onFocus={links.onIntent}
        data-board-card={task.id}
        className={cn('absolute inset-0 cursor-pointer rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring', isDragging && 'cursor-grabbing')}
      >
        <span className="sr-only">
          {task.title} {details}
        </span>
      </div>
      <div aria-hidden className="pointer-events-none relative grid gap-1 p-3">
        <span className="font-medium break-words">
          {/* Hidden from assistive tech with the rest of the card's face: the link follows, once. */}
          <span className="invisible">{task.title}</span>
        </span>
        {details}
      </div>
      <TaskTitle task={task} links={links} className="absolute top-3 left-3 max-w-[calc(100%-1.5rem)] font-medium break-words" />
    </li>
  );
}
