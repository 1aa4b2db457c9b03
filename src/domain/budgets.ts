// Rates and budgets: the API's schemas (issue 32, decision 037). The rules and texts without zod are
// in ./budget-rules.ts, named here too for the server and the forms.
import { z } from 'zod';
import { BUDGET_MESSAGES, isKnownCurrency, MAX_BUDGET_MINUTES, MAX_BUDGET_MONEY_MINOR, MAX_RATE_MINOR, memberRateFromForm, parseHours, parseMoney } from './budget-rules';
import { validationMessage } from './locales';
import { BUDGET_KINDS, type BudgetKind } from './time-rules';
export * from './budget-rules';

// ---- API shapes ----

export const currencySchema = z
  .string({ message: BUDGET_MESSAGES.currencyUnknown.id })
  .trim()
  .toUpperCase()
  .refine(isKnownCurrency, { message: BUDGET_MESSAGES.currencyUnknown.id });

export const updateCurrencySchema = z.object({ currency: currencySchema }).strict();
export const organizationCurrencySchema = z.object({ currency: z.string() });

const rateMinor = z
  .number({ message: BUDGET_MESSAGES.rateWhole.id })
  .int(BUDGET_MESSAGES.rateWhole.id)
  .min(0, BUDGET_MESSAGES.rateNegative.id)
  .max(MAX_RATE_MINOR, BUDGET_MESSAGES.rateTooHigh.id)
  .nullable();

/** PUT /api/team/:memberId/rate: the member's default hourly rate in minor units, null for none. */
export const memberRateSchema = z.object({ hourlyRateMinor: rateMinor }).strict();
/** The Team form of PUT /api/team/:memberId/rate: the rate as typed in the currency (empty for none), read into memberRateSchema. */
export function memberRateFormSchema(currency: string) {
  return z
    .object({ rate: z.string() })
    .transform(({ rate }, ctx) => {
      const parsed = memberRateFromForm(rate, currency);
      if (parsed.ok) return { hourlyRateMinor: parsed.value };
      ctx.addIssue({ code: 'custom', message: validationMessage(parsed.message), path: ['rate'] });
      return z.NEVER;
    })
    .pipe(memberRateSchema);
}

export const memberRateResultSchema = z.object({ id: z.string(), hourlyRateMinor: z.number().int().nullable() });

/** PUT /api/projects/:projectId/budget: the project's rate and budget (minutes for hours, minor units for money). */
export const projectBudgetSchema = z
  .object({
    hourlyRateMinor: rateMinor,
    budgetKind: z.enum(BUDGET_KINDS, { message: BUDGET_MESSAGES.budgetKindInvalid.id }).nullable(),
    budgetAmount: z.number({ message: BUDGET_MESSAGES.budgetWhole.id }).int(BUDGET_MESSAGES.budgetWhole.id).positive(BUDGET_MESSAGES.budgetPositive.id).nullable(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if ((v.budgetKind === null) !== (v.budgetAmount === null)) {
      ctx.addIssue({ code: 'custom', path: ['budgetAmount'], message: BUDGET_MESSAGES.budgetKindAndAmount.id });
      return;
    }
    const max = v.budgetKind === 'hours' ? MAX_BUDGET_MINUTES : MAX_BUDGET_MONEY_MINOR;
    if (v.budgetAmount !== null && v.budgetAmount > max) ctx.addIssue({ code: 'custom', path: ['budgetAmount'], message: BUDGET_MESSAGES.budgetTooHigh.id });
  });
export type ProjectBudgetInput = z.input<typeof projectBudgetSchema>;

/** A budget's state: how much of it is spent (minutes for hours, minor units for money). */
export const budgetUsageSchema = z.object({
  kind: z.enum(BUDGET_KINDS),
  amount: z.number().int(),
  spent: z.number().int(),
  percent: z.number().int(),
});
export type BudgetUsage = z.infer<typeof budgetUsageSchema>;

/** GET /api/projects/:projectId/budget (staff only: it holds rates and money). */
export const projectBudgetDetailSchema = z.object({
  currency: z.string(),
  hourlyRateMinor: z.number().int().nullable(),
  budgetKind: z.enum(BUDGET_KINDS).nullable(),
  budgetAmount: z.number().int().nullable(),
  spentMinutes: z.number().int(),
  /** Null when time was logged and none of it has a rate in force (issue 49 item 8: "No rate set", never a made-up $0.00). */
  spentMinor: z.number().int().nullable(),
  usage: budgetUsageSchema.nullable(),
  alertedPercent: z.number().int(),
  /** The budget used by the end of each week since the first entry; empty without a budget (decision 037 addendum). */
  burnDown: z.array(z.object({ weekStart: z.string(), minutes: z.number().int(), minor: z.number().int() })),
});
export type ProjectBudgetDetail = z.infer<typeof projectBudgetDetailSchema>;

/** The form's fields as typed; `projectBudgetFromForm` turns them into the API's shape or field messages. */
export type ProjectBudgetForm = { rate: string; kind: 'none' | BudgetKind; amount: string };

export function projectBudgetFromForm(
  form: ProjectBudgetForm,
  currency: string,
): { ok: true; value: z.output<typeof projectBudgetSchema> } | { ok: false; errors: Partial<Record<keyof ProjectBudgetForm, string>> } {
  const errors: Partial<Record<keyof ProjectBudgetForm, string>> = {};
  let hourlyRateMinor: number | null = null;
  if (form.rate.trim()) {
    const rate = form.rate.trim().startsWith('-') ? ({ ok: false, message: BUDGET_MESSAGES.rateNegative } as const) : parseMoney(form.rate, currency);
    if (rate.ok) hourlyRateMinor = rate.value;
    else errors.rate = validationMessage(rate.message);
  }
  let budgetAmount: number | null = null;
  if (form.kind !== 'none') {
    const amount = form.kind === 'hours' ? parseHours(form.amount) : parseMoney(form.amount, currency);
    if (amount.ok) budgetAmount = amount.value;
    else errors.amount = validationMessage(amount.message);
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  const parsed = projectBudgetSchema.safeParse({ hourlyRateMinor, budgetKind: form.kind === 'none' ? null : form.kind, budgetAmount });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'hourlyRateMinor' ? 'rate' : 'amount';
      errors[field] ??= issue.message;
    }
    return { ok: false, errors };
  }
  return { ok: true, value: parsed.data };
}


/** The project's budget form of PUT /api/projects/:projectId/budget, read by projectBudgetFromForm: its messages under the form's fields. */
export function projectBudgetFormSchema(currency: string) {
  return z
    .object({ rate: z.string(), kind: z.enum(['none', ...BUDGET_KINDS]), amount: z.string() })
    .transform((form, ctx) => {
      const parsed = projectBudgetFromForm(form, currency);
      if (parsed.ok) return parsed.value;
      for (const [field, message] of Object.entries(parsed.errors)) ctx.addIssue({ code: 'custom', message, path: [field] });
      return z.NEVER;
    });
}
