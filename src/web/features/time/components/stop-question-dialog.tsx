// The question a stopped timer asks before it is saved (stop-question.ts), or Cancel to keep it
// running. A timer that ran more than 10 hours (left running past midnight, say, issue 32): save
// all of it, or trim it to 10 hours. A timer stopped under a minute (issue 49 item 14), most likely
// started by accident: save its billable minute anyway, or discard it. Each kind's title and two
// answers are data (STOP_QUESTIONS); the body is the server's message.
import { formatMinutes, TIMER_CONFIRM_MINUTES } from '@/domain/time-entry-rules';
import type { Text } from '@/domain/locales';
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } from '@/web/components/ui/alert-dialog';
import { Button } from '@/web/components/ui/button';
import { useT, type TextValues } from '@/web/lib/i18n';
import type { StopQuestion } from '../stop-question';
import { TIME_TEXTS } from '../texts';

/** An answer to the question: stop again confirming `save` or `trim`, or `discard` the timer. */
export type StopAnswer = 'save' | 'trim' | 'discard';

type Action = { answer: StopAnswer; label: Text; values?: TextValues };

/** Each question's title, then its two answers: the save (outlined) and the one suggested. */
const STOP_QUESTIONS: Record<StopQuestion['kind'], { title: Text; save: Action; suggested: Action }> = {
  long: {
    title: TIME_TEXTS.longTitle,
    save: { answer: 'save', label: TIME_TEXTS.saveAll },
    suggested: { answer: 'trim', label: TIME_TEXTS.trim, values: { duration: formatMinutes(TIMER_CONFIRM_MINUTES) } },
  },
  short: {
    title: TIME_TEXTS.shortTitle,
    save: { answer: 'save', label: TIME_TEXTS.saveAnyway },
    suggested: { answer: 'discard', label: TIME_TEXTS.discard },
  },
};

export function StopQuestionDialog(props: { kind: StopQuestion['kind']; message: string; pending: boolean; onAnswer: (answer: StopAnswer) => void; onCancel: () => void }) {
  const t = useT('time');
  const { title, save, suggested } = STOP_QUESTIONS[props.kind];
  return (
    <AlertDialog open onOpenChange={(open) => (open ? undefined : props.onCancel())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t(title)}</AlertDialogTitle>
          <AlertDialogDescription>{props.message}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t(TIME_TEXTS.cancel)}</AlertDialogCancel>
          <Button variant="outline" disabled={props.pending} onClick={() => props.onAnswer(save.answer)}>
            {t(save.label, save.values)}
          </Button>
          <Button disabled={props.pending} onClick={() => props.onAnswer(suggested.answer)}>
            {t(suggested.label, suggested.values)}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
