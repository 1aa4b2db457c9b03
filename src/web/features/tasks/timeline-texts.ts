// Issue 51 item 3: the timeline's words (part 'tasks'). Apart from texts.ts: the bundler puts a
// module's every used export in one chunk, and texts.ts is on a share link's first download, which
// has no room for these (issue 17's budget); only the timeline's own chunk imports this file.
export const TIMELINE_TEXTS = {
  label: /*i18n*/ { id: 'tasks.timeline.label', message: 'Timeline of the tasks' },
  zoom: /*i18n*/ { id: 'tasks.timeline.zoom', message: 'Zoom' },
  week: /*i18n*/ { id: 'tasks.timeline.week', message: 'Week' },
  month: /*i18n*/ { id: 'tasks.timeline.month', message: 'Month' },
  today: /*i18n*/ { id: 'tasks.timeline.today', message: 'Today' },
  bar: /*i18n*/ { id: 'tasks.timeline.bar', message: '{task}: {start} to {due}' },
  barBlocked: /*i18n*/ { id: 'tasks.timeline.barBlocked', message: '{task}: {start} to {due}, blocked by {blockers}' },
  editHelp: /*i18n*/ {
    id: 'tasks.timeline.editHelp',
    message: 'Drag a bar to move a task, or its ends to change its start or due date. With the keyboard: Arrow Left and Right move the focused task by a day, Shift with an arrow changes its due date, Up and Down go to the next task.',
  },
  readHelp: /*i18n*/ { id: 'tasks.timeline.readHelp', message: 'Up and Down go from one task to the next.' },
  moved: /*i18n*/ { id: 'tasks.timeline.moved', message: '{task} now runs from {start} to {due}.' },
  moveFailed: /*i18n*/ { id: 'tasks.timeline.moveFailed', message: 'The task could not be moved' },
  startAfterDue: /*i18n*/ { id: 'tasks.timeline.startAfterDue', message: 'A task cannot start after it is due.' },
  notScheduled: /*i18n*/ { id: 'tasks.timeline.notScheduled', message: 'Not scheduled' },
  noneScheduled: /*i18n*/ { id: 'tasks.timeline.noneScheduled', message: 'No task has a start or due date yet.' },
} as const;
