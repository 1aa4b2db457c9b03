import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { ROLE_LABELS, type Role } from '@/domain/roles';
import {
  assignableRoles,
  checkMemberChange,
  createTeamMemberSchema,
  DEFAULT_MEMBER_ROLE,
  settableRoles,
  SUGGESTED_SKILL_TAGS,
  TEAM_MESSAGES,
  updateTeamMemberSchema,
  type TeamMember,
} from '@/domain/team';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { useSchemaForm } from '@/web/components/ui/schema-form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { useT } from '@/web/lib/i18n';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { teamTagsQuery, useAddTeamMember, useUpdateTeamMember } from '../api';
import { TEAM_TEXTS } from '../texts';
import { TagInput } from './tag-input';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The caller: their role limits the roles offered (spec 6), and nobody changes their own. */
  actor: { role: Role; profileId: string };
  /** Edit this member; without one the dialog adds a member. */
  member?: TeamMember;
};

type Values = { fullName: string; email: string; role: Role; website: string; tags: string[]; password: string };

function valuesOf(member?: TeamMember): Values {
  return {
    fullName: member?.fullName ?? '',
    email: member?.email ?? '',
    role: member?.role ?? DEFAULT_MEMBER_ROLE,
    website: member?.website ?? '',
    tags: member?.tags ?? [],
    password: '',
  };
}

export function MemberFormDialog({ open, onOpenChange, actor, member }: Props) {
  const t = useT('team', 'domain');
  const editing = member !== undefined;
  const addMember = useAddTeamMember();
  const updateMember = useUpdateTeamMember();
  const tags = useQuery({ ...teamTagsQuery, enabled: open });
  const form = useSchemaForm({
    schema: editing ? updateTeamMemberSchema : createTeamMemberSchema,
    defaultValues: valuesOf(member),
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (open) form.reset(valuesOf(member));
  }, [open, member, form]);

  // Decision 006: an existing member's role changes only when they rank below the caller, and
  // only to roles below the caller's; adding follows spec 6. Their current role stays selectable.
  const roleLocked = editing && !checkMemberChange(actor, member, 'change_role').ok;
  const roles = editing ? settableRoles(actor.role) : assignableRoles(actor.role);
  const roleOptions = roleLocked || !member || roles.includes(member.role) ? roles : [member.role, ...roles];
  const self = editing && member.id === actor.profileId;
  const maySetPassword = !editing || checkMemberChange(actor, member, 'set_password').ok;

  const pending = addMember.isPending || updateMember.isPending;
  const onSubmit = form.handleSubmit((values) => {
    if (member) {
      updateMember.mutate(
        { id: member.id, ...values, role: roleLocked ? undefined : values.role },
        {
          onSuccess: () => {
            notifySuccess(t(TEAM_MESSAGES.updated));
            onOpenChange(false);
          },
          onError: (error) => notifyError(error, t(TEAM_MESSAGES.updateFailed)),
        },
      );
    } else {
      addMember.mutate({ ...values, role: values.role ?? DEFAULT_MEMBER_ROLE }, {
        onSuccess: () => {
          notifySuccess(t(TEAM_MESSAGES.created));
          onOpenChange(false);
        },
        onError: (error) => notifyError(error),
      });
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="max-h-[90dvh] max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{editing ? t(TEAM_MESSAGES.editMember) : t(TEAM_MESSAGES.addMember)}</DialogTitle>
          <DialogDescription>
            {editing ? t(TEAM_TEXTS.editDescription) : t(TEAM_TEXTS.addDescription)}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField label={t(TEAM_TEXTS.fullName)} error={errors.fullName?.message}>
            <Input autoFocus autoComplete="off" placeholder={t(TEAM_TEXTS.fullNamePlaceholder)} {...form.register('fullName')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t(TEAM_TEXTS.email)} error={errors.email?.message} hint={editing ? undefined : t(TEAM_TEXTS.emailHint)}>
              <Input type="email" autoComplete="off" placeholder={t(TEAM_TEXTS.emailPlaceholder)} {...form.register('email')} />
            </FormField>
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <FormField
                  label={t(TEAM_TEXTS.role)}
                  error={errors.role?.message}
                  hint={roleLocked ? (self ? t(TEAM_MESSAGES.cannotChangeOwnRole) : t(TEAM_MESSAGES.cannotChangeOrgAdminRole)) : undefined}
                >
                  <RoleSelect
                    value={field.value ?? DEFAULT_MEMBER_ROLE}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    roles={roleLocked ? [member.role] : roleOptions}
                    disabled={roleLocked}
                  />
                </FormField>
              )}
            />
          </div>
          <FormField label={t(TEAM_TEXTS.website)} error={errors.website?.message}>
            <Input autoComplete="off" placeholder={t(TEAM_TEXTS.websitePlaceholder)} {...form.register('website')} />
          </FormField>
          <Controller
            control={form.control}
            name="tags"
            render={({ field }) => (
              <FormField label={t(TEAM_TEXTS.skills)} error={errors.tags?.message ?? errors.tags?.[0]?.message}>
                <TagInput value={field.value ?? []} onChange={field.onChange} suggestions={tags.data ?? [...SUGGESTED_SKILL_TAGS]} />
              </FormField>
            )}
          />
          {maySetPassword ? (
            <FormField
              label={editing ? t(TEAM_TEXTS.newPassword) : t(TEAM_TEXTS.initialPassword)}
              error={errors.password?.message}
              hint={editing ? t(TEAM_TEXTS.newPasswordHint) : t(TEAM_TEXTS.initialPasswordHint)}
            >
              <Input type="password" autoComplete="new-password" {...form.register('password')} />
            </FormField>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
              {t(UI_TEXTS.cancel)}
            </Button>
            <Button type="submit" loading={pending} loadingText={editing ? t(TEAM_TEXTS.updating) : t(TEAM_TEXTS.adding)}>
              {editing ? t(TEAM_TEXTS.updateMember) : t(TEAM_TEXTS.addMember)}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The role select; FormField gives the trigger its id so the label names it. */
function RoleSelect({
  value,
  onChange,
  onBlur,
  roles,
  disabled,
  ...trigger
}: {
  value: Role;
  onChange: (role: Role) => void;
  onBlur: () => void;
  roles: Role[];
  disabled: boolean;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const t = useT('domain');
  // The wrapper keeps Radix's hidden native select out of the form field's grid.
  return (
    <div>
      <Select value={value} onValueChange={(v) => onChange(v as Role)} disabled={disabled}>
      <SelectTrigger onBlur={onBlur} {...trigger}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {roles.map((role) => (
          <SelectItem key={role} value={role}>
            {t(ROLE_LABELS[role])}
          </SelectItem>
        ))}
      </SelectContent>
      </Select>
    </div>
  );
}
