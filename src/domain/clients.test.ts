import { describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES, createClientSchema, isWebsite, updateClientSchema, websiteHref } from './clients';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('client rules', () => {
  it('needs a name of at least 2 characters on create, 1 on edit', () => {
    expect(messageOf(createClientSchema.safeParse({ name: 'A' }))).toBe(CLIENT_MESSAGES.nameTooShort.id);
    expect(messageOf(createClientSchema.safeParse({ name: '  A  ' }))).toBe(CLIENT_MESSAGES.nameTooShort.id);
    expect(createClientSchema.safeParse({ name: 'Ab' }).success).toBe(true);
    expect(messageOf(updateClientSchema.safeParse({ name: ' ' }))).toBe(CLIENT_MESSAGES.nameRequired.id);
    expect(updateClientSchema.safeParse({ name: 'A' }).success).toBe(true);
  });

  it('saves empty optional values as null', () => {
    const parsed = createClientSchema.parse({ name: 'Acme', description: '  ', contactEmail: '', website: '' });
    expect(parsed).toEqual({
      name: 'Acme',
      description: null,
      contactName: null,
      contactEmail: null,
      contactPhone: null,
      website: null,
    });
  });

  it('accepts a valid email or none, and refuses an invalid one', () => {
    expect(createClientSchema.safeParse({ name: 'Acme', contactEmail: 'a@b.co' }).success).toBe(true);
    expect(messageOf(createClientSchema.safeParse({ name: 'Acme', contactEmail: 'not-an-email' }))).toBe(
      CLIENT_MESSAGES.emailInvalid.id,
    );
  });

  it('accepts websites with or without a scheme and adds https:// for links', () => {
    expect(isWebsite('acme.com')).toBe(true);
    expect(isWebsite('https://acme.com/about')).toBe(true);
    expect(isWebsite('javascript:alert(1)')).toBe(false);
    expect(isWebsite('not a url')).toBe(false);
    expect(websiteHref('acme.com')).toBe('https://acme.com');
    expect(websiteHref('http://acme.com')).toBe('http://acme.com');
    expect(messageOf(updateClientSchema.safeParse({ name: 'A', website: 'nope' }))).toBe(CLIENT_MESSAGES.websiteInvalid.id);
  });
});
