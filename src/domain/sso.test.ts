import { describe, expect, it } from 'vitest';
import { SSO_MESSAGES, ssoSettingsFormSchema, type SsoSettingsForm } from './sso';

const typed: SsoSettingsForm = {
  issuer: 'https://login.agency.example',
  clientId: 'brieflane',
  clientSecret: '',
  domains: ' Agency.example,\n agency.co.uk; @team.example ',
  join: 'refuse',
  passwordSignIn: true,
  emailVerifiedOptional: false,
};

describe('the single sign-on form (issue 47: its fields read into the API schema)', () => {
  it('reads the domains typed apart by lines, commas, semicolons or spaces; a refusal keeps the saved role; an empty secret keeps the saved one', () => {
    expect(ssoSettingsFormSchema({ hasClientSecret: true, joinRole: 'admin' }).parse(typed)).toEqual({
      issuer: 'https://login.agency.example',
      clientId: 'brieflane',
      domains: ['agency.example', 'agency.co.uk', 'team.example'],
      newMembers: 'refuse',
      joinRole: 'admin',
      passwordSignIn: true,
      emailVerifiedOptional: false,
    });
    expect(ssoSettingsFormSchema(null).parse({ ...typed, clientSecret: 's3cret', join: 'account_executive' })).toMatchObject({
      clientSecret: 's3cret',
      newMembers: 'join',
      joinRole: 'account_executive',
    });
    expect(ssoSettingsFormSchema(null).parse({ ...typed, clientSecret: 's3cret' })).toMatchObject({ newMembers: 'refuse', joinRole: 'developer' });
  });

  it('needs the secret on the first save, and after the saved one became unusable', () => {
    for (const saved of [null, { hasClientSecret: false, joinRole: 'developer' as const }]) {
      const result = ssoSettingsFormSchema(saved).safeParse(typed);
      expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['clientSecret'], message: SSO_MESSAGES.secretRequired.id })]);
    }
  });

  it("reports the API schema's refusals under the form's fields, all at once", () => {
    const result = ssoSettingsFormSchema(null).safeParse({ ...typed, issuer: '', domains: 'gmail.com' });
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual(['issuer', 'domains', 'clientSecret']);
  });
});
