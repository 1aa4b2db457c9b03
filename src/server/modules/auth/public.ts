// What other modules may use of the auth module (decision 012): the signed-in member as the web
// app reads it (GET /api/me), which the sign-in paths of passkeys and SSO answer with too.
export { loadMe } from './me';
