// Acting as a signed-in member of a given role in API tests:
//
//   const admin = await asUser(t, 'organization_admin');
//   const dev = await asUser(t, 'developer', { organizationId: admin.organizationId });
//   const res = await dev.inject({ method: 'GET', url: '/api/me' });
//
// The member is made with createMember (as sign-up and the Team tab do) and signs in through
// the real sign-in route, so the cookie is a real session cookie.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Role } from '../../domain/roles';
import { createMember, createOrganization } from '../platform/auth/accounts';
import type { TestApp } from './test-app';

export const TEST_PASSWORD = 'test-password';

export type TestUser = {
  userId: string;
  profileId: string;
  organizationId: string;
  role: Role;
  email: string;
  fullName: string;
  password: string;
  /** `name=value` of the session cookie, for a Cookie header. */
  cookie: string;
  /** app.inject with this user's session cookie. */
  inject: (options: InjectOptions) => Promise<LightMyRequestResponse>;
};

export type AsUserOptions = {
  /** Join this organization instead of a new one. */
  organizationId?: string;
  organizationName?: string;
  email?: string;
  fullName?: string;
  password?: string;
};

let sequence = 0;

/** A new member of `role` (in a new organization unless one is given), signed in. */
export async function asUser(t: TestApp, role: Role, options: AsUserOptions = {}): Promise<TestUser> {
  sequence += 1;
  const n = `${process.pid}-${sequence}`;
  const email = (options.email ?? `${role.replaceAll('_', '-')}-${n}@test.brieflane`).toLowerCase();
  const fullName = options.fullName ?? `${role.replaceAll('_', ' ')} ${sequence}`;
  const password = options.password ?? TEST_PASSWORD;
  const organizationId =
    options.organizationId ?? (await createOrganization(t.db, options.organizationName ?? `Agency ${n}`)).id;
  const { profileId, userId } = await createMember(t.db, { organizationId, fullName, role, email, password });

  // Each helper user signs in from its own address so tests never trip the per-address limit.
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    remoteAddress: `10.77.${Math.floor(sequence / 250) % 250}.${(sequence % 250) + 1}`,
  });
  if (res.statusCode !== 200) throw new Error(`asUser: sign-in failed with ${res.statusCode}: ${res.body}`);
  const cookie = sessionCookie(res);
  if (!cookie) throw new Error('asUser: sign-in set no session cookie');

  return {
    userId: userId!,
    profileId,
    organizationId,
    role,
    email,
    fullName,
    password,
    cookie,
    inject: (injectOptions) =>
      t.app.inject({ ...injectOptions, headers: { ...injectOptions.headers, cookie } }) as Promise<LightMyRequestResponse>,
  };
}

/** `name=value` of the session cookie a response sets, if any. */
export function sessionCookie(res: LightMyRequestResponse): string | undefined {
  const header = res.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const session = cookies.find((c) => /^(__Secure-)?brieflane\.session_token=[^;]+/.test(c));
  return session?.split(';')[0];
}
