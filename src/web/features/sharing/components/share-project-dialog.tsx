// Spec 2 "Share Project Access dialog" and ARCHITECTURE decision 5: a link with an optional
// name, password and expiry; active links newest first, each with who opened it and when.
import { useInfiniteQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronRight, ExternalLink, Lock, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { INTAKE_MESSAGES } from '@/domain/intake';
import { LOCALE_NAMES } from '@/domain/locales';
import { useOrganizationLocale } from '@/web/lib/session';
import { accessLinkUrl, createAccessLinkSchema, SHARING_MESSAGES, type AccessLink, type CreateAccessLinkInput } from '@/domain/sharing';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/web/components/ui/alert-dialog';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { showFieldError, useSchemaForm } from '@/web/components/ui/schema-form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { LoadMore } from '@/web/components/ui/load-more';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Switch } from '@/web/components/ui/switch';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { useT } from '@/web/lib/i18n';
import { errorMessage } from '@/web/lib/api-client';
import { cn } from '@/web/lib/class-names';
import { formatDate, formatDateTime } from '@/web/lib/format-date';
import { notifySuccess } from '@/web/lib/notify';
import { accessLinksQuery, accessOpensQuery, useCreateAccessLink, useRevokeAccessLink } from '../api';
import { SHARING_TEXTS } from '../texts';
import { CopyLinkButton, LinkAddress } from './copy-link-button';
import { IntakeLinkActions, IntakeLinkFields, IntakeStateBadge } from './intake-link-parts';
import { LinkLanguageField } from './link-language-field';

type Props = { projectId: string; projectName: string; open: boolean; onOpenChange: (open: boolean) => void };

export function ShareProjectDialog({ projectId, projectName, open, onOpenChange }: Props) {
  const t = useT('sharing', 'domain-shared');
  // The link just generated, whose Copy takes the focus once it is listed (issue 27).
  const [newLinkId, setNewLinkId] = useState<string | null>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-[640px]">
        <DialogHeader>
          <DialogTitle>{t(SHARING_MESSAGES.shareTitle)}</DialogTitle>
          <DialogDescription>
            <span className="font-medium text-foreground">{projectName}</span> · {t(SHARING_TEXTS.shareDescription)}
          </DialogDescription>
        </DialogHeader>
        {/* Inside the content: nothing loads until the dialog opens. */}
        <CreateLinkForm projectId={projectId} onCreated={setNewLinkId} />
        <ActiveLinks projectId={projectId} newLinkId={newLinkId} onNewLinkFocused={() => setNewLinkId(null)} />
      </DialogContent>
    </Dialog>
  );
}

/** The expiry's choices besides Never, in days. */
const EXPIRY_DAYS = [1, 7, 30, 90];

const emptyValues: CreateAccessLinkInput = {
  name: '',
  password: '',
  expiresInDays: null,
  viewersMayContribute: true,
  viewersMayApprove: false,
  intake: false,
  showProject: false,
  templateId: null,
  locale: null,
};

function CreateLinkForm({ projectId, onCreated }: { projectId: string; onCreated: (linkId: string) => void }) {
  const t = useT('sharing', 'domain-shared');
  const createLink = useCreateAccessLink(projectId);
  // The link's language when staff leave it: the organization's.
  const organizationLocale = useOrganizationLocale();
  const form = useSchemaForm({ schema: createAccessLinkSchema, defaultValues: emptyValues });
  const { errors } = form.formState;
  const viewersMayContribute = useWatch({ control: form.control, name: 'viewersMayContribute' });
  const viewersMayApprove = useWatch({ control: form.control, name: 'viewersMayApprove' });
  // Whether an intake link must take a template (issue 27): known once the links have loaded.
  const projectHasQuestionnaire = useInfiniteQuery(accessLinksQuery(projectId)).data?.pages[0]?.projectHasQuestionnaire;

  // A failed request keeps what was typed; the shared handler shows the server's message.
  const onSubmit = form.handleSubmit((values) => {
    // The server's rule, said beside the picker before sending.
    if (values.intake && projectHasQuestionnaire === false && !values.templateId) {
      showFieldError(form, 'templateId', t(INTAKE_MESSAGES.needsTemplate), { type: 'validate' });
      return;
    }
    createLink.mutate(values, {
      onSuccess: (link) => {
        form.reset(emptyValues);
        notifySuccess(t(SHARING_MESSAGES.generated));
        onCreated(link.id);
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 rounded-lg border bg-muted/30 p-4" aria-label={t(SHARING_TEXTS.newLinkFormLabel)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t(SHARING_TEXTS.linkName)} error={errors.name?.message} className="sm:col-span-2">
          <Input placeholder={t(SHARING_TEXTS.linkNamePlaceholder)} maxLength={100} {...form.register('name')} />
        </FormField>
        <FormField label={t(SHARING_TEXTS.password)} error={errors.password?.message} hint={t(SHARING_TEXTS.passwordHint)}>
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <FormField label={t(SHARING_TEXTS.expiry)} error={errors.expiresInDays?.message}>
          <Controller
            control={form.control}
            name="expiresInDays"
            render={({ field }) => (
              <Select
                value={field.value == null ? 'never' : String(field.value)}
                onValueChange={(value) => field.onChange(value === 'never' ? null : Number(value))}
              >
                <SelectTrigger onBlur={field.onBlur} aria-label={t(SHARING_TEXTS.expiry)}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="never">{t(SHARING_TEXTS.expiryNever)}</SelectItem>
                  {EXPIRY_DAYS.map((days) => (
                    <SelectItem key={days} value={String(days)}>
                      {t(SHARING_TEXTS.expiryDays, { days })}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>
        <FormField label={t(SHARING_TEXTS.viewersMayContribute)} hint={t(SHARING_TEXTS.viewersMayContributeHint)} className="sm:col-span-2">
          {/* Directly inside FormField, which gives it the id its label points to. */}
          <Switch
            checked={viewersMayContribute ?? true}
            onCheckedChange={(checked) => form.setValue('viewersMayContribute', checked, { shouldDirty: true })}
          />
        </FormField>
        <FormField label={t(SHARING_TEXTS.viewersMayApprove)} hint={t(SHARING_TEXTS.viewersMayApproveHint)} className="sm:col-span-2">
          <Switch checked={viewersMayApprove ?? false} onCheckedChange={(checked) => form.setValue('viewersMayApprove', checked, { shouldDirty: true })} />
        </FormField>
        <IntakeLinkFields control={form.control} templateError={errors.templateId?.message} projectHasQuestionnaire={projectHasQuestionnaire} />
        <LinkLanguageField control={form.control} organizationLocale={organizationLocale} error={errors.locale?.message} />
      </div>
      <Button type="submit" className="justify-self-start" loading={createLink.isPending} loadingText={t(SHARING_MESSAGES.generating)}>
        {t(SHARING_MESSAGES.generate)}
      </Button>
    </form>
  );
}

type ActiveLinksProps = { projectId: string; newLinkId: string | null; onNewLinkFocused: () => void };

function ActiveLinks({ projectId, newLinkId, onNewLinkFocused }: ActiveLinksProps) {
  const t = useT('sharing', 'domain-shared');
  const links = useInfiniteQuery(accessLinksQuery(projectId));
  const items = links.data?.pages.flatMap((page) => page.items) ?? [];
  const list = useRef<HTMLUListElement>(null);
  return (
    <section className="grid gap-3" aria-label={t(SHARING_TEXTS.activeLinks)}>
      <h3 className="text-sm font-semibold">{t(SHARING_TEXTS.activeLinks)}</h3>
      {links.isPending ? (
        <div className="grid gap-2" aria-busy="true">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : links.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
          <span>{errorMessage(links.error)}</span>
          <Button size="sm" variant="outline" onClick={() => void links.refetch()}>
            {t(UI_TEXTS.retry)}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">{t(SHARING_MESSAGES.noLinks)}</p>
      ) : (
        <>
          <ul ref={list} className="grid gap-2">
            {items.map((link) => (
              <LinkItem key={link.id} link={link} projectId={projectId} onNew={link.id === newLinkId ? onNewLinkFocused : undefined} />
            ))}
          </ul>
          <LoadMore list={links} items={list} label={t(SHARING_TEXTS.loadMoreLinks)} />
        </>
      )}
    </section>
  );
}

type LinkItemProps = {
  link: AccessLink;
  projectId: string;
  /** Given to the link just generated: its Copy takes the focus, then this is called. */
  onNew?: () => void;
};

function LinkItem({ link, projectId, onNew }: LinkItemProps) {
  const t = useT('sharing', 'domain-shared');
  const [showOpens, setShowOpens] = useState(false);
  // After Generate Link, the next step is Copy: focus it and bring it into view, in the middle
  // of the dialog so that neither the fold nor a toast hides it (issue 27). Scrolled first, so
  // that whatever watches focus sees where it ends up.
  const copyRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const copy = copyRef.current;
    if (!onNew || !copy) return;
    copy.scrollIntoView({ block: 'center' });
    copy.focus({ preventScroll: true });
    onNew();
  }, [onNew]);
  const url = accessLinkUrl(window.location.origin, link.token);
  const name = link.name ?? t(SHARING_TEXTS.untitledLink);
  const opensId = `opens-${link.id}`;
  const opened = link.openCount === 1 ? t(SHARING_TEXTS.openedOnce) : t(SHARING_TEXTS.opens, { count: link.openCount });

  return (
    <li className={cn('grid gap-2 rounded-lg border bg-card p-3', link.isExpired && 'bg-muted/40')} aria-label={name}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 font-medium break-words">{name}</span>
        {link.hasPassword ? (
          <span title={t(SHARING_TEXTS.passwordProtected)} className="inline-flex text-muted-foreground">
            <Lock className="size-3.5" aria-hidden />
            <span className="sr-only">{t(SHARING_TEXTS.passwordProtected)}</span>
          </span>
        ) : null}
        {link.viewersMayContribute ? null : <Badge variant="secondary">{t(SHARING_TEXTS.viewOnly)}</Badge>}
        {link.viewersMayApprove ? <Badge variant="secondary">{t(SHARING_TEXTS.mayApprove)}</Badge> : null}
        {link.isExpired ? <Badge variant="destructive">{t(SHARING_TEXTS.expired)}</Badge> : null}
        {link.locale ? (
          <Badge variant="outline" lang={link.locale}>
            {LOCALE_NAMES[link.locale]}
          </Badge>
        ) : null}
        {link.intake ? <IntakeStateBadge intake={link.intake} /> : null}
        {/* A link that may show part of the project only (issues 27, 49 item 10) says when it shows all of it. */}
        {(link.intake || link.viewersMayApprove) && link.showsProject ? <Badge variant="outline">{t(INTAKE_MESSAGES.showsProjectBadge)}</Badge> : null}
      </div>
      <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
        <span>
          {link.expiresAt === null
            ? t(SHARING_TEXTS.neverExpires)
            : t(link.isExpired ? SHARING_TEXTS.expiredOn : SHARING_TEXTS.expires, { date: formatDate(link.expiresAt) })}
        </span>
        <span>
          {link.createdByName
            ? t(SHARING_TEXTS.createdBy, { date: formatDate(link.createdAt), name: link.createdByName })
            : t(SHARING_TEXTS.created, { date: formatDate(link.createdAt) })}
        </span>
        <span>
          {link.openCount === 0
            ? t(SHARING_TEXTS.notOpened)
            : `${opened}${link.lastOpenedAt ? `, ${t(SHARING_TEXTS.lastOpened, { date: formatDateTime(link.lastOpenedAt) })}` : ''}`}
        </span>
      </p>
      <LinkAddress url={url} />
      <div className="flex flex-wrap items-center gap-1.5">
        <CopyLinkButton ref={copyRef} url={url} />
        <Button asChild variant="outline" size="sm">
          <a href={url} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden />
            {t(SHARING_TEXTS.open)}
          </a>
        </Button>
        <IntakeLinkActions link={link} projectId={projectId} />
        <RevokeLinkButton link={link} projectId={projectId} />
        {link.openCount > 0 ? (
          <Button
            variant="ghost"
            size="sm"
            className="ml-auto"
            aria-expanded={showOpens}
            aria-controls={opensId}
            onClick={() => setShowOpens((shown) => !shown)}
          >
            {showOpens ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />}
            {t(showOpens ? SHARING_TEXTS.hideOpens : SHARING_TEXTS.showOpens)}
          </Button>
        ) : null}
      </div>
      {showOpens ? <OpenLog id={opensId} projectId={projectId} linkId={link.id} /> : null}
    </li>
  );
}

function OpenLog({ id, projectId, linkId }: { id: string; projectId: string; linkId: string }) {
  const t = useT('sharing', 'domain-shared');
  const opens = useInfiniteQuery(accessOpensQuery(projectId, linkId));
  const list = useRef<HTMLUListElement>(null);
  if (opens.isPending) return <Skeleton id={id} className="h-16" />;
  if (opens.isError) {
    return (
      <div id={id}>
        <LoadErrorPanel title={t(SHARING_TEXTS.accessLogLoadFailed)} error={opens.error} onRetry={() => void opens.refetch()} />
      </div>
    );
  }
  const items = opens.data.pages.flatMap((page) => page.items);
  const total = opens.data.pages[0]?.total ?? 0;
  return (
    <div id={id} className="grid gap-1 rounded-md bg-muted/50 p-2 text-xs">
      <ul ref={list} className="grid gap-1" aria-label={t(SHARING_TEXTS.accessLog)}>
        {items.map((entry) => (
          <li key={entry.id} className="flex flex-wrap justify-between gap-x-3">
            <span className="min-w-0 break-words">
              <span className="font-medium">{entry.viewerName ?? entry.viewerEmail ?? t(SHARING_TEXTS.anonymous)}</span>
              {entry.viewerName && entry.viewerEmail ? <span className="text-muted-foreground"> · {entry.viewerEmail}</span> : null}
              <span className="text-muted-foreground">
                {' · '}
                {t(SHARING_TEXTS.accessKinds[entry.kind])}
                {entry.fileName ? ` ${entry.fileName}` : ''}
              </span>
            </span>
            <time dateTime={entry.openedAt} className="text-muted-foreground">
              {formatDateTime(entry.openedAt)}
            </time>
          </li>
        ))}
      </ul>
      {total > items.length ? <p className="text-muted-foreground">{t(SHARING_TEXTS.opensShown, { shown: items.length, total })}</p> : null}
      <LoadMore list={opens} items={list} label={t(SHARING_TEXTS.loadMoreOpens)} />
    </div>
  );
}

function RevokeLinkButton({ link, projectId }: { link: AccessLink; projectId: string }) {
  const t = useT('sharing', 'domain-shared');
  const revoke = useRevokeAccessLink(projectId);
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={(next) => !revoke.isPending && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" className="text-destructive hover:bg-destructive/10">
          <Trash2 aria-hidden />
          {t(SHARING_TEXTS.revoke)}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t(SHARING_TEXTS.revokeTitle)}</AlertDialogTitle>
          <AlertDialogDescription>{t(SHARING_MESSAGES.revokeConfirm)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={revoke.isPending}>{t(UI_TEXTS.cancel)}</AlertDialogCancel>
          {/* A plain button: the confirmation stays open until the server answers. */}
          <Button
            variant="destructive"
            loading={revoke.isPending}
            loadingText={t(SHARING_TEXTS.revoking)}
            onClick={() =>
              revoke.mutate(link.id, {
                onSuccess: () => {
                  setOpen(false);
                  notifySuccess(t(SHARING_MESSAGES.revoked));
                },
              })
            }
          >
            {t(SHARING_TEXTS.revoke)}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
