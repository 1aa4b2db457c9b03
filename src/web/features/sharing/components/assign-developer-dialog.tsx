// Spec 2 "Assign Developer dialog": pick a developer of the organization, optional password, a
// message that goes nowhere; already-assigned developers are listed. After assigning, the
// developer's own link is shown so it can be shared (spec 8). Issue 36: the select holds every
// developer who could be assigned (it reads every page); the assigned list loads with Load more.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { UserMinus } from 'lucide-react';
import { useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { authorInitials } from '@/domain/notes';
import {
  accessLinkUrl,
  assignDeveloperSchema,
  SHARING_MESSAGES,
  type AssignedDeveloper,
  type AssignmentResult,
} from '@/domain/sharing';
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
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { LoadMore } from '@/web/components/ui/load-more';
import { useSchemaForm } from '@/web/components/ui/schema-form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Textarea } from '@/web/components/ui/textarea';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { useT } from '@/web/lib/i18n';
import { errorMessage } from '@/web/lib/api-client';
import { formatDate } from '@/web/lib/format-date';
import { notifySuccess } from '@/web/lib/notify';
import { assignedDevelopersQuery, availableDevelopersQuery, useAssignDeveloper, useUnassignDeveloper } from '../api';
import { SHARING_TEXTS } from '../texts';
import { CopyLinkButton, LinkAddress } from './copy-link-button';

type Props = { projectId: string; projectName: string; open: boolean; onOpenChange: (open: boolean) => void };

export function AssignDeveloperDialog({ projectId, projectName, open, onOpenChange }: Props) {
  const t = useT('sharing', 'domain-shared');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-[560px]">
        <DialogHeader>
          <DialogTitle>{t(SHARING_MESSAGES.assignTitle)}</DialogTitle>
          <DialogDescription>
            <span className="font-medium text-foreground">{projectName}</span> · {t(SHARING_TEXTS.assignDescription)}
          </DialogDescription>
        </DialogHeader>
        {/* Inside the content: nothing loads until the dialog opens. */}
        <AssignPanel projectId={projectId} />
      </DialogContent>
    </Dialog>
  );
}

const emptyValues = { developerProfileId: '', password: '', message: '' };

function AssignPanel({ projectId }: { projectId: string }) {
  const t = useT('sharing', 'domain-shared');
  const availableQuery = useQuery(availableDevelopersQuery(projectId));
  const assignedQuery = useInfiniteQuery(assignedDevelopersQuery(projectId));
  const assign = useAssignDeveloper(projectId);
  const assignedList = useRef<HTMLUListElement>(null);
  const [result, setResult] = useState<AssignmentResult | null>(null);
  const form = useSchemaForm({ schema: assignDeveloperSchema, defaultValues: emptyValues });
  const { errors } = form.formState;

  // A failed request keeps what was typed; the shared handler shows the server's message.
  const onSubmit = form.handleSubmit((values) =>
    assign.mutate(values, {
      onSuccess: (assignment) => {
        notifySuccess(t(SHARING_MESSAGES.assigned));
        setResult(assignment);
        form.reset(emptyValues);
      },
    }),
  );

  if (availableQuery.isPending || assignedQuery.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <Skeleton className="h-10" />
        <Skeleton className="h-20" />
      </div>
    );
  }
  if (availableQuery.isError || assignedQuery.isError) {
    const failed = availableQuery.isError ? availableQuery : assignedQuery;
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
        <span>{errorMessage(failed.error)}</span>
        <Button size="sm" variant="outline" onClick={() => void failed.refetch()}>
          {t(UI_TEXTS.retry)}
        </Button>
      </div>
    );
  }

  const available = availableQuery.data;
  const assigned = assignedQuery.data.pages.flatMap((page) => page.items);
  return (
    <div className="grid gap-5">
      {result ? <AssignmentLink result={result} /> : null}
      {available.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">
          {assigned.length === 0 ? t(SHARING_MESSAGES.noDevelopers) : t(SHARING_TEXTS.allAssigned)}
        </p>
      ) : (
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={t(SHARING_TEXTS.assignFormLabel)}>
          <FormField label={t(SHARING_TEXTS.developer)} error={errors.developerProfileId?.message}>
            <Controller
              control={form.control}
              name="developerProfileId"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger onBlur={field.onBlur} aria-label={t(SHARING_TEXTS.developer)}>
                    <SelectValue placeholder={t(SHARING_TEXTS.chooseDeveloper)} />
                  </SelectTrigger>
                  <SelectContent>
                    {available.map((developer) => (
                      <SelectItem key={developer.profileId} value={developer.profileId}>
                        {developer.fullName}
                        {developer.email ? ` (${developer.email})` : ''}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>
          <FormField label={t(SHARING_TEXTS.password)} error={errors.password?.message} hint={t(SHARING_TEXTS.assignPasswordHint)}>
            <Input type="password" autoComplete="new-password" {...form.register('password')} />
          </FormField>
          <FormField label={t(SHARING_TEXTS.message)} error={errors.message?.message}>
            <Textarea rows={3} placeholder={t(SHARING_TEXTS.messagePlaceholder)} {...form.register('message')} />
          </FormField>
          <Button type="submit" className="justify-self-start" loading={assign.isPending} loadingText={t(SHARING_MESSAGES.assigning)}>
            {t(SHARING_MESSAGES.assign)}
          </Button>
        </form>
      )}
      <section className="grid gap-2" aria-label={t(SHARING_TEXTS.assignedTitle)}>
        <h3 className="text-sm font-semibold">{t(SHARING_TEXTS.assignedTitle)}</h3>
        {assigned.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t(SHARING_TEXTS.noneAssigned)}</p>
        ) : (
          <>
            <ul ref={assignedList} className="grid gap-2">
              {assigned.map((developer) => (
                <AssignedItem key={developer.profileId} developer={developer} projectId={projectId} />
              ))}
            </ul>
            <LoadMore list={assignedQuery} items={assignedList} label={t(SHARING_TEXTS.loadMoreAssigned)} />
          </>
        )}
      </section>
    </div>
  );
}

function AssignmentLink({ result }: { result: AssignmentResult }) {
  const t = useT('sharing', 'domain-shared');
  const url = accessLinkUrl(window.location.origin, result.link.token);
  return (
    <div role="status" className="grid gap-2 rounded-lg border border-emerald-200 bg-emerald-50/70 p-3 text-sm">
      <p className="font-medium text-emerald-900">{t(SHARING_MESSAGES.assigned)}</p>
      <p className="text-emerald-900">{t(SHARING_TEXTS.shareWith, { name: result.developer.fullName })}</p>
      <div className="flex items-center gap-2">
        <LinkAddress url={url} />
        <CopyLinkButton url={url} />
      </div>
      {result.emailed && result.developer.email ? <p className="text-xs text-emerald-800">{t(SHARING_TEXTS.emailedTo, { email: result.developer.email })}</p> : null}
    </div>
  );
}

function AssignedItem({ developer, projectId }: { developer: AssignedDeveloper; projectId: string }) {
  const t = useT('sharing', 'domain-shared');
  const unassign = useUnassignDeveloper(projectId);
  const [open, setOpen] = useState(false);
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border bg-card p-3" aria-label={developer.fullName}>
      <span aria-hidden className="grid size-8 shrink-0 place-items-center rounded-full bg-accent text-xs font-semibold text-accent-foreground">
        {authorInitials(developer.fullName)}
      </span>
      <div className="min-w-40 flex-1 text-sm">
        <p className="font-medium break-words">{developer.fullName}</p>
        <p className="text-xs text-muted-foreground">
          {developer.email ? `${developer.email} · ` : ''}
          {t(SHARING_TEXTS.assignedOn, { date: formatDate(developer.assignedAt) })}
        </p>
      </div>
      <AlertDialog open={open} onOpenChange={(next) => !unassign.isPending && setOpen(next)}>
        <AlertDialogTrigger asChild>
          <Button variant="outline" size="sm" className="text-destructive hover:bg-destructive/10" aria-label={t(SHARING_TEXTS.removeNamed, { name: developer.fullName })}>
            <UserMinus aria-hidden />
            {t(SHARING_TEXTS.remove)}
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t(SHARING_TEXTS.removeTitle)}</AlertDialogTitle>
            <AlertDialogDescription>{t(SHARING_TEXTS.removeConfirm, { name: developer.fullName })}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={unassign.isPending}>{t(UI_TEXTS.cancel)}</AlertDialogCancel>
            <Button
              variant="destructive"
              loading={unassign.isPending}
              loadingText={t(SHARING_TEXTS.removing)}
              onClick={() =>
                unassign.mutate(developer.profileId, {
                  onSuccess: () => {
                    setOpen(false);
                    notifySuccess(t(SHARING_MESSAGES.unassigned));
                  },
                })
              }
            >
              {t(SHARING_TEXTS.remove)}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </li>
  );
}
