import { canRenameOrganization, isAdmin } from '@/domain/roles';
import { SignOutButton } from '@/web/features/auth/components/sign-out-button';
import { CalendarFeedCard } from '@/web/features/calendar/components/calendar-feed-card';
import { RenameOrganizationForm } from '@/web/features/organizations/components/rename-organization-form';
import { CurrencyForm } from '@/web/features/organizations/components/currency-form';
import { ApiTokensCard } from '@/web/features/api-tokens/components/api-tokens-card';
import { WebhooksCard } from '@/web/features/webhooks/components/webhooks-card';
import { PasskeysCard } from '@/web/features/passkeys/components/passkeys-card';
import { SessionsCard } from '@/web/features/sessions/components/sessions-card';
import { TwoFactorCard } from '@/web/features/two-factor/components/two-factor-card';
import { TwoFactorPolicyCard } from '@/web/features/two-factor/components/two-factor-policy-card';
import { SsoSettingsCard } from '@/web/features/sso/components/sso-settings-card';
import { AccountSettings } from '@/web/features/settings/components/account-settings';
import { ChangePasswordForm } from '@/web/features/settings/components/change-password-form';
import { NotificationSettingsCard } from '@/web/features/settings/components/notification-settings';
import { LanguageCard } from '@/web/features/settings/components/language-card';
import { ProfileForm } from '@/web/features/settings/components/profile-form';
import { loadTexts } from '@/web/lib/i18n';
import { useSignedInMe } from '@/web/lib/session';

// Issue 48 (decision 045): the cards' words download with this page's code, all at once, rather
// than each card waiting for its own in turn.
void loadTexts('settings', 'passkeys', 'sessions', 'api-tokens', 'webhooks', 'sso');

/** Spec 2 "Settings tab", plus the organization name for its admins (ARCHITECTURE decision 1). */
export function SettingsPage() {
  const me = useSignedInMe();
  return (
    <div className="grid max-w-3xl gap-6">
      <ProfileForm me={me} />
      <LanguageCard locale={me.profile.locale} />
      <ChangePasswordForm />
      <TwoFactorCard email={me.user.email} />
      <PasskeysCard />
      <SessionsCard />
      <NotificationSettingsCard timeZone={me.profile.timeZone} />
      <CalendarFeedCard />
      <ApiTokensCard />
      {isAdmin(me.profile.role) ? <WebhooksCard /> : null}
      {canRenameOrganization(me.profile.role) ? <RenameOrganizationForm organization={me.organization} /> : null}
      {/* Issue 32: the currency of rates, budgets and reports, set by the same admins. */}
      {canRenameOrganization(me.profile.role) ? <CurrencyForm currency={me.organization.currency} /> : null}
      {/* Issue 31 item 2: the organization admin sets it; admins see it (the server says the same). */}
      {isAdmin(me.profile.role) ? <TwoFactorPolicyCard canChange={me.profile.role === 'organization_admin'} /> : null}
      {/* Issue 31 item 4: likewise for single sign-on. */}
      {isAdmin(me.profile.role) ? <SsoSettingsCard canChange={me.profile.role === 'organization_admin'} /> : null}
      <AccountSettings role={me.profile.role} signOut={<SignOutButton />} />
    </div>
  );
}
