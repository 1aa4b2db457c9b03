import { describe, expect, it } from 'vitest';
import { readMessage } from './locales';
import { passkeySignInSchema, PASSKEY_SIGN_IN_MESSAGES } from './passkeys';
import { recoveryCodeFormSchema, TWO_FACTOR_SIGN_IN_MESSAGES, twoFactorCodeFormSchema } from './two-factor-sign-in';

const messageOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("the sign-in's second factor (issue 48: zod carries the sign-in part's ids)", () => {
  it('takes an app code with the space apps show, and names the code rule by id otherwise', () => {
    expect(twoFactorCodeFormSchema.parse({ twoFactorCode: '123 456' })).toEqual({ twoFactorCode: '123456' });
    expect(messageOf(twoFactorCodeFormSchema.safeParse({ twoFactorCode: '12345' }))).toBe(TWO_FACTOR_SIGN_IN_MESSAGES.codeRequired.id);
    expect(messageOf(twoFactorCodeFormSchema.safeParse({}))).toBe(TWO_FACTOR_SIGN_IN_MESSAGES.codeRequired.id);
  });

  it('takes a recovery code whatever its case or hyphen, and names an empty or overlong one by id', () => {
    expect(recoveryCodeFormSchema.parse({ recoveryCode: ' ABCDE-fghjk ' })).toEqual({ recoveryCode: 'abcdefghjk' });
    expect(messageOf(recoveryCodeFormSchema.safeParse({ recoveryCode: ' - ' }))).toBe(TWO_FACTOR_SIGN_IN_MESSAGES.recoveryCodeRequired.id);
    expect(messageOf(recoveryCodeFormSchema.safeParse({ recoveryCode: 'x'.repeat(101) }))).toBe(TWO_FACTOR_SIGN_IN_MESSAGES.recoveryCodeInvalid.id);
  });
});

describe("a passkey sign-in's shape checks", () => {
  it('name the missing part of the browser\'s answer as a value of the text', () => {
    const result = passkeySignInSchema.safeParse({ response: { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: 'abc', authenticatorData: 'abc' } } });
    expect(readMessage(messageOf(result)!)).toEqual({ id: PASSKEY_SIGN_IN_MESSAGES.fieldMissing.id, values: { field: 'Signature' } });
    const notAKey = passkeySignInSchema.safeParse({ response: { id: 'abc', rawId: 'abc', type: 'password', response: { clientDataJSON: 'abc', authenticatorData: 'abc', signature: 'abc' } } });
    expect(messageOf(notAKey)).toBe(PASSKEY_SIGN_IN_MESSAGES.notPublicKey.id);
  });
});
