// The look of a select's button, shared by select.tsx and the light stand-in of lazy-select.tsx.
export const SELECT_TRIGGER_CLASS = [
  'flex h-10 w-full items-center justify-between gap-2 rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs outline-none data-[placeholder]:text-muted-foreground',
  'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 aria-invalid:border-destructive disabled:cursor-not-allowed disabled:opacity-60 [&>span]:truncate',
  // Issue 49 item 11: given the focus after a refused submit by a click, a button shows no
  // focus-visible ring (a text field does): an invalid one shows its ring on any focus.
  'aria-invalid:focus:ring-3 aria-invalid:focus:ring-destructive/25',
].join(' ');
