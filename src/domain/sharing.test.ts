import { describe, expect, it } from 'vitest';
import { messageWithValues, readMessage } from './locales';
import {
  accessLinkUrl,
  assignDeveloperSchema,
  createAccessLinkSchema,
  LINK_PASSWORD_MESSAGES,
  openSharedLinkSchema,
  SHARING_MESSAGES,
  sharedToggleStatus,
} from './sharing';

describe('accessLinkUrl', () => {
  it('is the origin plus /project-access/ plus the token (spec 1)', () => {
    expect(accessLinkUrl('https://app.example', 'abc_-1')).toBe('https://app.example/project-access/abc_-1');
    expect(accessLinkUrl('http://localhost:5173/', 'tok')).toBe('http://localhost:5173/project-access/tok');
    expect(accessLinkUrl('http://localhost:5173//', 'tok')).toBe('http://localhost:5173/project-access/tok');
  });
});

describe('sharedToggleStatus', () => {
  it('turns completed into pending and anything else into completed (spec 4)', () => {
    expect(sharedToggleStatus('completed')).toBe('pending');
    expect(sharedToggleStatus('pending')).toBe('completed');
    expect(sharedToggleStatus('in_progress')).toBe('completed');
  });
});

describe('createAccessLinkSchema', () => {
  it('treats empty and missing name, password and expiry as none', () => {
    expect(createAccessLinkSchema.parse({})).toEqual({ name: null, password: null, expiresInDays: null, viewersMayContribute: true, viewersMayApprove: false, intake: false, showProject: false, templateId: null, locale: null });
    expect(createAccessLinkSchema.parse({ name: '   ', password: '', expiresInDays: null })).toEqual({
      name: null,
      password: null,
      expiresInDays: null,
      viewersMayContribute: true,
      viewersMayApprove: false,
      intake: false,
      showProject: false,
      templateId: null,
      locale: null,
    });
    // 'Viewers may contribute' is on unless turned off (spec 6; issue #19).
    expect(createAccessLinkSchema.parse({ viewersMayContribute: false }).viewersMayContribute).toBe(false);
    expect(createAccessLinkSchema.safeParse({ viewersMayContribute: 'no' }).success).toBe(false);
  });

  it('trims the name, keeps the password as typed, and takes the offered expiries', () => {
    expect(createAccessLinkSchema.parse({ name: '  Review ', password: ' open sesame ', expiresInDays: 30 })).toEqual({
      name: 'Review',
      password: ' open sesame ',
      expiresInDays: 30,
      viewersMayContribute: true,
      viewersMayApprove: false,
      intake: false,
      showProject: false,
      templateId: null,
      locale: null,
    });
    for (const days of [1, 7, 30, 90]) expect(createAccessLinkSchema.parse({ expiresInDays: days }).expiresInDays).toBe(days);
  });

  it('refuses other expiries, long names and long passwords', () => {
    for (const input of [{ expiresInDays: 2 }, { expiresInDays: '7' }, { name: 'x'.repeat(101) }, { password: 'x'.repeat(201) }]) {
      expect(createAccessLinkSchema.safeParse(input).success, JSON.stringify(input)).toBe(false);
    }
  });
});

describe('assignDeveloperSchema', () => {
  it("asks to select a developer when the id is missing or not an id (spec 5 'Please select a developer')", () => {
    for (const input of [{}, { developerProfileId: '' }, { developerProfileId: 'dev-1' }]) {
      const result = assignDeveloperSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.message).toBe(SHARING_MESSAGES.selectDeveloper.id);
    }
  });

  it('takes an optional password (empty means none) and an ignored message', () => {
    const id = '6f1c1a52-93a4-4c1e-9a1e-0c5b8f0f9d11';
    expect(assignDeveloperSchema.parse({ developerProfileId: id, password: '', message: 'Hi' })).toEqual({ developerProfileId: id, password: null, message: 'Hi' });
    expect(assignDeveloperSchema.parse({ developerProfileId: id, password: 'pw-12345' }).password).toBe('pw-12345');
  });
});

describe('link passwords (issue #19)', () => {
  // zod carries the text's id with its values (decision 045); the server and the page say it.
  const tooShort = messageWithValues(LINK_PASSWORD_MESSAGES.tooShort, { min: 8 });
  const id = '6f1c1a52-93a4-4c1e-9a1e-0c5b8f0f9d11';
  it.each([
    ['a', tooShort],
    ['seven77', tooShort],
    ['  abc    ', tooShort],
    [' ', LINK_PASSWORD_MESSAGES.blank.id],
    ['          ', LINK_PASSWORD_MESSAGES.blank.id],
    ['\t\n', LINK_PASSWORD_MESSAGES.blank.id],
  ])('refuses %j in both forms with the message', (password, message) => {
    for (const result of [createAccessLinkSchema.safeParse({ password }), assignDeveloperSchema.safeParse({ developerProfileId: id, password })]) {
      expect(result.success).toBe(false);
      expect(result.error!.issues.map((issue) => issue.message)).toEqual([message]);
    }
  });

  it('takes 8 characters or more', () => {
    expect(createAccessLinkSchema.parse({ password: 'eight888' }).password).toBe('eight888');
    expect(LINK_PASSWORD_MESSAGES.tooShort.message).toBe('Password must be at least {min} characters long');
    expect(readMessage(createAccessLinkSchema.safeParse({ password: 'seven77' }).error!.issues[0]!.message)).toEqual({ id: LINK_PASSWORD_MESSAGES.tooShort.id, values: { min: 8 } });
  });
});

describe('openSharedLinkSchema', () => {
  it('takes no password, null or a bounded one', () => {
    expect(openSharedLinkSchema.safeParse({}).success).toBe(true);
    expect(openSharedLinkSchema.safeParse({ password: null }).success).toBe(true);
    expect(openSharedLinkSchema.safeParse({ password: 'x'.repeat(201) }).success).toBe(false);
  });
});
