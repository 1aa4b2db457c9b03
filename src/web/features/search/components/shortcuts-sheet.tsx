// The `?` sheet (issue 34): every keyboard shortcut, from the same table the launcher acts on.
import type { Text } from '@/domain/locales';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { useT } from '@/web/lib/i18n';
import { SEARCH_TEXTS } from '../texts';

const S = SEARCH_TEXTS.shortcuts;
const K = SEARCH_TEXTS.keys;
/** A key: its cap as printed on every keyboard, or its name in the language. */
type Key = string | Text;
const ROWS: { keys: Key[][]; label: Text }[] = [
  { keys: [[K.ctrl, 'K'], ['⌘', 'K']], label: S.palette },
  { keys: [['/']], label: S.search },
  { keys: [['c']], label: S.create },
  { keys: [['g', 'p']], label: S.goProjects },
  { keys: [['g', 'c']], label: S.goClients },
  { keys: [['g', 'm']], label: S.goMyWork },
  { keys: [['g', 't']], label: S.goTeam },
  { keys: [['?']], label: S.sheet },
  { keys: [['↑'], ['↓']], label: S.move },
  { keys: [[K.enter]], label: S.open },
  { keys: [[K.esc]], label: S.close },
];

function Keys({ sequence }: { sequence: string[] }) {
  const t = useT('search');
  return (
    <span className="inline-flex items-center gap-1">
      {sequence.map((key, i) => (
        <span key={key + i} className="inline-flex items-center gap-1">
          {i > 0 && sequence[0] === 'g' ? <span className="text-xs text-muted-foreground">{t(SEARCH_TEXTS.then)}</span> : null}
          <kbd className="min-w-6 rounded border bg-muted px-1.5 py-0.5 text-center font-mono text-xs">{key}</kbd>
        </span>
      ))}
    </span>
  );
}

export function ShortcutsSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT('search');
  const named = (key: Key) => (typeof key === 'string' ? key : t(key));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{t(SEARCH_TEXTS.sheetTitle)}</DialogTitle>
          <DialogDescription>{t(SEARCH_TEXTS.sheetDescription)}</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-2 text-sm">
          {ROWS.map((row) => (
            <div key={row.label.id} className="flex items-center justify-between gap-4 border-b pb-2 last:border-0">
              <dt className="text-muted-foreground">{t(row.label)}</dt>
              <dd className="flex shrink-0 gap-2">
                {row.keys.map((sequence) => {
                  const keys = sequence.map(named);
                  return <Keys key={keys.join('+')} sequence={keys} />;
                })}
              </dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
