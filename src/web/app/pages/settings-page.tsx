import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Me } from '@/domain/auth';
import { canRenameOrganization, isAdmin } from '@/domain/roles';
import { SETTINGS_SECTION_LABELS, parseSettingsSection, settingsSectionPath, settingsSectionsForRole, type SettingsSection } from '@/domain/settings-sections';
import { SignOutButton } from '@/web/features/auth/components/sign-out-button';
import { CalendarFeedCard } from '@/web/features/calendar/components/calendar-feed-card';
import { RenameOrganizationForm } from '@/web/features/organizations/components/rename-organization-form';
import { CurrencyForm } from '@/web/features/organizations/components/currency-form';
import { OrganizationLanguageCard } from '@/web/features/organizations/components/organization-language-card';
import { ApiTokensCard } from '@/web/features/api-tokens/components/api-tokens-card';
import { WebhooksCard } from '@/web/features/webhooks/components/webhooks-card';
import { PasskeysCard } from '@/web/features/passkeys/components/passkeys-card';
import { SessionsCard } from '@/web/features/sessions/components/sessions-card';
import { TwoFactorCard } from '@/web/features/two-factor/components/two-factor-card';
import { TWO_FACTOR_CARD_HASH } from '@/web/features/two-factor/components/two-factor-card-anchor';
import { TwoFactorPolicyCard } from '@/web/features/two-factor/components/two-factor-policy-card';
import { SsoSettingsCard } from '@/web/features/sso/components/sso-settings-card';
import { AccountSettings } from '@/web/features/settings/components/account-settings';
import { ChangePasswordForm } from '@/web/features/settings/components/change-password-form';
import { NotificationSettingsCard } from '@/web/features/settings/components/notification-settings';
import { LanguageCard } from '@/web/features/settings/components/language-card';
import { ProfileForm } from '@/web/features/settings/components/profile-form';
import { loadTexts, useT } from '@/web/lib/i18n';
import { useSignedInMe } from '@/web/lib/session';
import { SettingsSectionNav } from './settings-section-nav';

// Issue 48 (decision 045): the cards' words download with this page's code, all at once, rather
// than each card waiting for its own in turn.
void loadTexts('settings', 'passkeys', 'sessions', 'api-tokens', 'webhooks', 'sso', 'domain');

/** A section's cards, each shown to the roles it was shown to before the sections (issue 49 item 5). */
function SectionCards({ section, me }: { section: SettingsSection; me: Me }) {
  const { role } = me.profile;
  switch (section) {
    case 'account':
      return (
        <>
          <ProfileForm me={me} />
          <LanguageCard locale={me.profile.locale} region={me.profile.region} />
          <ChangePasswordForm />
          <AccountSettings role={role} signOut={<SignOutButton />} />
        </>
      );
    case 'security':
      return (
        <>
          <TwoFactorCard email={me.user.email} />
          <PasskeysCard />
          <SessionsCard />
        </>
      );
    case 'notifications':
      return (
        <>
          <NotificationSettingsCard timeZone={me.profile.timeZone} />
          <CalendarFeedCard />
        </>
      );
    case 'developers':
      return (
        <>
          <ApiTokensCard />
          {isAdmin(role) ? <WebhooksCard /> : null}
        </>
      );
    case 'organization':
      return (
        <>
          {canRenameOrganization(role) ? <RenameOrganizationForm organization={me.organization} /> : null}
          {/* Issue 32: the currency of rates, budgets and reports, set by the same admins. */}
          {canRenameOrganization(role) ? <CurrencyForm currency={me.organization.currency} /> : null}
          {/* Issue 48: the language of its emails to members with none saved and to clients. */}
          {canRenameOrganization(role) ? <OrganizationLanguageCard locale={me.organization.locale} /> : null}
          {/* Issue 31 item 2: the organization admin sets it; admins see it (the server says the same). */}
          {isAdmin(role) ? <TwoFactorPolicyCard canChange={role === 'organization_admin'} /> : null}
          {/* Issue 31 item 4: likewise for single sign-on. */}
          {isAdmin(role) ? <SsoSettingsCard canChange={role === 'organization_admin'} /> : null}
        </>
      );
  }
}

/**
 * Spec 2 "Settings tab", plus the organization's own settings for its admins (ARCHITECTURE
 * decision 1), in sections (issue 49 item 5): the member's account, their security, notifications
 * and calendar, developers' tokens and hooks, the organization. `?section=` names the one shown;
 * without it Account, or Security for the two-factor banner's older link (`#two-factor`).
 */
export function SettingsPage() {
  const t = useT('domain');
  const me = useSignedInMe();
  const sections = settingsSectionsForRole(me.profile.role);
  const [searchParams] = useSearchParams();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const asked = searchParams.get('section');
  const section = parseSettingsSection(asked, me.profile.role) ?? (hash === TWO_FACTOR_CARD_HASH ? 'security' : sections[0]!);

  // A section that is none, or one this role may not see: the address names the one shown instead.
  useEffect(() => {
    if (asked !== null && asked !== section) void navigate(settingsSectionPath(section), { replace: true });
  }, [asked, section, navigate]);

  return (
    <div className="grid gap-6 lg:grid-cols-[14rem_minmax(0,48rem)] lg:items-start">
      <SettingsSectionNav sections={sections} current={section} />
      <section aria-labelledby="settings-section-title" className="grid min-w-0 gap-6">
        <h2 id="settings-section-title" className="sr-only">
          {t(SETTINGS_SECTION_LABELS[section])}
        </h2>
        <SectionCards section={section} me={me} />
      </section>
    </div>
  );
}
