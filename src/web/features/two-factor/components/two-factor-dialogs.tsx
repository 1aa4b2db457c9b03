// The two-factor card's dialogs (issue 31 item 1), loaded when one is first opened: set-up
// (password, then the app, then the recovery codes shown once), new recovery codes, turning off.
import { Copy, Download, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import {
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  formatRecoveryCode,
  newRecoveryCodesSchema,
  normalizeRecoveryCode,
  startTwoFactorSetupSchema,
  TOTP_DIGITS,
  TWO_FACTOR_ERRORS,
  TWO_FACTOR_TEXTS as TEXTS,
  type TwoFactorSetup,
} from '@/domain/two-factor';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { showServerError, useSchemaForm, type SchemaForm, type ServerFields } from '@/web/components/ui/schema-form';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { translate, useT } from '@/web/lib/i18n';
import { ApiError } from '@/web/lib/api-client';
import { copyText } from '@/web/lib/copy-text';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { isStaleTwoFactorStatus, useDisableTwoFactor, useEnableTwoFactor, useNewRecoveryCodes, useStartTwoFactorSetup } from '../api';

export type TwoFactorDialogKind = 'set-up' | 'new-codes' | 'turn-off';

type DialogProps = { email: string; onClose: () => void };

export function TwoFactorDialog({ kind, ...props }: DialogProps & { kind: TwoFactorDialogKind }) {
  if (kind === 'set-up') return <SetUpDialog {...props} />;
  if (kind === 'new-codes') return <NewRecoveryCodesDialog {...props} />;
  return <TurnOffDialog onClose={props.onClose} />;
}

/**
 * The server's answer about a field (a wrong password, a wrong code) goes under that field, which
 * takes the focus with its text selected; anything else is a toast.
 */
function showFieldError<Input extends FieldValues, Output>(form: SchemaForm<Input, Output>, error: unknown, fields: ServerFields<Input>): void {
  if (!showServerError(form, error, fields, { select: true })) notifyError(error);
}

/** A code field for the authenticator app's six digits: the phone's number pad, the OS's one-time-code fill. */
function appCodeInputProps() {
  return {
    autoComplete: 'one-time-code',
    inputMode: 'numeric' as const,
    // Room for the space some apps show in the middle ('123 456'); the schema drops it.
    maxLength: TOTP_DIGITS + 1,
    placeholder: '123456',
    className: 'font-mono tracking-widest',
  };
}

/**
 * The dialog's content while recovery codes show: Escape, a click outside and the close button
 * would lose them for good, so they say so instead; only 'I Have Saved Them' closes it.
 */
function useKeepOpen(keep: boolean) {
  const [warned, setWarned] = useState(false);
  const refuse = (event: Event) => {
    if (!keep) return;
    event.preventDefault();
    setWarned(true);
  };
  return { warned, contentProps: { showClose: !keep, onEscapeKeyDown: refuse, onInteractOutside: refuse } };
}

function SetUpDialog({ email, onClose }: DialogProps) {
  const t = useT('domain', 'domain-auth');
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const keepOpen = useKeepOpen(codes !== null);

  const step = codes ? 'codes' : setup ? 'app' : 'password';
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && !codes && onClose()}>
      <DialogContent {...keepOpen.contentProps} data-testid="two-factor-dialog">
        <DialogHeader>
          <DialogTitle>{step === 'codes' ? t(TEXTS.recoveryTitle) : t(TEXTS.setUpTitle)}</DialogTitle>
          <DialogDescription>{step === 'codes' ? t(TEXTS.recoveryDescription) : step === 'app' ? t(TEXTS.scan) : t(TEXTS.confirmPassword)}</DialogDescription>
        </DialogHeader>
        {step === 'password' ? (
          <PasswordStep onStarted={setSetup} onCancel={onClose} />
        ) : step === 'app' ? (
          <AppStep
            setup={setup!}
            onBusy={setBusy}
            onEnabled={(recoveryCodes) => {
              notifySuccess(t(TEXTS.turnedOn));
              setCodes(recoveryCodes);
            }}
            onRestart={() => setSetup(null)}
            onCancel={onClose}
          />
        ) : (
          <RecoveryCodes codes={codes!} email={email} warned={keepOpen.warned} onDone={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function PasswordStep({ onStarted, onCancel }: { onStarted: (setup: TwoFactorSetup) => void; onCancel: () => void }) {
  const t = useT('domain', 'domain-auth');
  const start = useStartTwoFactorSetup();
  const form = useSchemaForm({ schema: startTwoFactorSetupSchema, defaultValues: { password: '' } });
  const onSubmit = form.handleSubmit((values) =>
    start.mutate(values, {
      onSuccess: onStarted,
      onError: (error) => {
        showFieldError(form, error, { [TWO_FACTOR_ERRORS.wrongPassword]: 'password' });
        // Already on (turned on in another tab): the card shows it now; nothing to set up.
        if (isStaleTwoFactorStatus(error)) onCancel();
      },
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormField label={t(TEXTS.passwordLabel)} error={form.formState.errors.password?.message}>
        <Input type="password" autoComplete="current-password" autoFocus {...form.register('password')} />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t(UI_TEXTS.cancel)}
        </Button>
        <Button type="submit" loading={start.isPending}>
          {t(TEXTS.continue)}
        </Button>
      </DialogFooter>
    </form>
  );
}

function AppStep({
  setup,
  onBusy,
  onEnabled,
  onRestart,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onBusy: (busy: boolean) => void;
  onEnabled: (codes: string[]) => void;
  onRestart: () => void;
  onCancel: () => void;
}) {
  const t = useT('domain', 'domain-auth');
  const enable = useEnableTwoFactor();
  const form = useSchemaForm({ schema: enableTwoFactorSchema, defaultValues: { code: '' } });
  const onSubmit = form.handleSubmit((values) => {
    // While the answer is on its way the dialog stays open: it brings the only copy of the codes.
    onBusy(true);
    enable.mutate(values, {
      onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes),
      onError: (error) => {
        showFieldError(form, error, { [TWO_FACTOR_ERRORS.invalid]: 'code' });
        // The set-up expired or was replaced (another tab): start again from the password.
        if (error instanceof ApiError && error.code === TWO_FACTOR_ERRORS.setupMissing) onRestart();
        if (isStaleTwoFactorStatus(error)) onCancel();
      },
      onSettled: () => onBusy(false),
    });
  });
  const copyKey = () =>
    void copyText(setup.secret).then(
      () => notifySuccess(t(TEXTS.keyCopied)),
      (error: unknown) => notifyError(error),
    );
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <div className="grid items-center gap-4 sm:grid-cols-[auto_1fr]">
        {/* The QR code is an SVG document from the server: an image, never inline markup. */}
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
          alt={t(TEXTS.qrAlt)}
          width={176}
          height={176}
          className="size-44 justify-self-center rounded-lg border bg-white p-2"
        />
        <div className="grid min-w-0 gap-2">
          <p className="text-sm text-muted-foreground">{t(TEXTS.manualKey)}</p>
          <code className="rounded-md border bg-muted/50 px-3 py-2 font-mono text-sm wrap-break-word select-all" data-testid="two-factor-secret">
            {setup.secret}
          </code>
          <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={copyKey} aria-label={t(TEXTS.copyKey)}>
            <Copy aria-hidden />
            {t(TEXTS.copy)}
          </Button>
        </div>
      </div>
      <FormField label={t(TEXTS.codeLabel)} error={form.formState.errors.code?.message} hint={t(TEXTS.enterCode)}>
        <Input {...appCodeInputProps()} autoFocus {...form.register('code')} />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={enable.isPending}>
          {t(UI_TEXTS.cancel)}
        </Button>
        <Button type="submit" loading={enable.isPending}>
          {t(TEXTS.turnOn)}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** How a recovery code reads, whichever way the server spells it: `abcde-fghjk`. */
const shown = (code: string) => formatRecoveryCode(normalizeRecoveryCode(code));

function downloadRecoveryCodes(codes: string[], email: string) {
  const text = [translate(TEXTS.recoveryFileHeading, { email }), '', ...codes.map(shown), ''].join('\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = translate(TEXTS.recoveryFileName);
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The recovery codes, shown once: Copy, Download, and 'I Have Saved Them', which closes the dialog. */
function RecoveryCodes({ codes, email, warned, onDone }: { codes: string[]; email: string; warned: boolean; onDone: () => void }) {
  const t = useT('domain', 'domain-auth');
  const copy = () =>
    void copyText(codes.map(shown).join('\n')).then(
      () => notifySuccess(t(TEXTS.copied)),
      (error: unknown) => notifyError(error),
    );
  return (
    <div className="grid gap-4">
      <ol aria-label={t(TEXTS.recoveryCodesLabel)} className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg border bg-muted/50 p-4 font-mono text-sm select-all" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="text-center">
            {shown(code)}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        {/* The focus starts here, not on the button that closes: Enter copies, it loses nothing. */}
        <Button type="button" variant="outline" size="sm" onClick={copy} autoFocus>
          <Copy aria-hidden />
          {t(TEXTS.copy)}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => downloadRecoveryCodes(codes, email)}>
          <Download aria-hidden />
          {t(TEXTS.download)}
        </Button>
      </div>
      {warned ? (
        <p role="alert" className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm font-medium text-destructive">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t(TEXTS.saveFirst)}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          {t(TEXTS.saved)}
        </Button>
      </DialogFooter>
    </div>
  );
}

function NewRecoveryCodesDialog({ email, onClose }: DialogProps) {
  const t = useT('domain', 'domain-auth');
  const make = useNewRecoveryCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  const keepOpen = useKeepOpen(codes !== null);
  const form = useSchemaForm({ schema: newRecoveryCodesSchema, defaultValues: { code: '' } });
  const onSubmit = form.handleSubmit((values) =>
    make.mutate(values, {
      onSuccess: ({ recoveryCodes }) => setCodes(recoveryCodes),
      onError: (error) => {
        showFieldError(form, error, { [TWO_FACTOR_ERRORS.invalid]: 'code' });
        if (isStaleTwoFactorStatus(error)) onClose();
      },
    }),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && !make.isPending && !codes && onClose()}>
      <DialogContent {...keepOpen.contentProps} data-testid="two-factor-dialog">
        <DialogHeader>
          <DialogTitle>{codes ? t(TEXTS.recoveryTitle) : t(TEXTS.newRecoveryCodesTitle)}</DialogTitle>
          <DialogDescription>{codes ? t(TEXTS.recoveryDescription) : t(TEXTS.newRecoveryCodesDescription)}</DialogDescription>
        </DialogHeader>
        {codes ? (
          <RecoveryCodes codes={codes} email={email} warned={keepOpen.warned} onDone={onClose} />
        ) : (
          <form noValidate onSubmit={onSubmit} className="grid gap-4">
            <FormField label={t(TEXTS.codeLabel)} error={form.formState.errors.code?.message}>
              <Input {...appCodeInputProps()} autoFocus {...form.register('code')} />
            </FormField>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose} disabled={make.isPending}>
                {t(UI_TEXTS.cancel)}
              </Button>
              <Button type="submit" loading={make.isPending}>
                {t(TEXTS.makeCodes)}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

function TurnOffDialog({ onClose }: { onClose: () => void }) {
  const t = useT('domain', 'domain-auth');
  const disable = useDisableTwoFactor();
  const form = useSchemaForm({ schema: disableTwoFactorSchema, defaultValues: { password: '', code: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    disable.mutate(values, {
      onSuccess: () => {
        notifySuccess(t(TEXTS.turnedOff));
        onClose();
      },
      onError: (error) => {
        // The organization requires it (issue 31 item 2): about no field, so under the form.
        if (error instanceof ApiError && error.code === TWO_FACTOR_ERRORS.requiredByOrganization) {
          form.setError('root.server', { type: 'server', message: error.message });
          return;
        }
        showFieldError(form, error, { [TWO_FACTOR_ERRORS.wrongPassword]: 'password', [TWO_FACTOR_ERRORS.invalid]: 'code' });
        if (isStaleTwoFactorStatus(error)) onClose();
      },
    }),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && !disable.isPending && onClose()}>
      <DialogContent data-testid="two-factor-dialog">
        <DialogHeader>
          <DialogTitle>{t(TEXTS.turnOffTitle)}</DialogTitle>
          <DialogDescription>{t(TEXTS.turnOffDescription)}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField label={t(TEXTS.passwordLabel)} error={errors.password?.message}>
            <Input type="password" autoComplete="current-password" autoFocus {...form.register('password')} />
          </FormField>
          <FormField label={t(TEXTS.codeOrRecoveryLabel)} error={errors.code?.message}>
            {/* An app code or a recovery code: letters too, so no number pad. */}
            <Input autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} className="font-mono" {...form.register('code')} />
          </FormField>
          {errors.root?.server?.message ? (
            <p role="alert" className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm font-medium text-destructive">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
              {errors.root.server.message}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={disable.isPending}>
              {t(UI_TEXTS.cancel)}
            </Button>
            <Button type="submit" variant="destructive" loading={disable.isPending}>
              {t(TEXTS.turnOff)}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
