// A project's questionnaire, read-only: on the project page and the shared page (issue 4).
import type { FormData, TemplateField } from '@/domain/template-field';
import { sortFields, TEMPLATE_MESSAGES } from '@/domain/template-rules';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { formatDate } from '@/web/lib/format-date';
import { useT } from '@/web/lib/i18n';

type QuestionnaireViewProps = {
  /** The template's fields as stored on the project at creation; anything but a list is none. */
  fields: unknown;
  answers: FormData | null | undefined;
};

export function QuestionnaireView({ fields, answers }: QuestionnaireViewProps) {
  // The questionnaire's words are the template rules' (domain-shared: a link's visitor reads them).
  const t = useT('domain-shared');
  const questions = sortFields(fields);
  return (
    <dl className="grid gap-4" aria-label={t(UI_TEXTS.questionnaire.label)}>
      {questions.map((field) => (
        <div key={field.name} className="grid gap-1">
          <dt className="text-sm font-medium">{field.label}</dt>
          <dd className="text-sm text-muted-foreground">
            <Answer field={field} value={answers?.[field.name]} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Answer({ field, value }: { field: TemplateField; value: unknown }) {
  const t = useT('domain-shared');
  if (field.type === 'checkbox') {
    const list = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];
    if (list.length === 0) return <span className="italic">{t(TEMPLATE_MESSAGES.noOptions)}</span>;
    return (
      <ul className="list-disc pl-5 text-foreground">
        {list.map((option) => (
          <li key={option}>{option}</li>
        ))}
      </ul>
    );
  }
  const text = typeof value === 'string' ? value : Array.isArray(value) ? value.join(', ') : '';
  if (text.trim() === '') return <span className="italic">{t(TEMPLATE_MESSAGES.noAnswer)}</span>;
  if (field.type === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(text)) {
    return <span className="text-foreground">{formatDate(text)}</span>;
  }
  if (field.type === 'textarea') return <span className="whitespace-pre-line text-foreground">{text}</span>;
  return <span className="text-foreground">{text}</span>;
}
