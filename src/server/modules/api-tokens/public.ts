// What other modules may use of the api-tokens module (decision 012): a role change revokes the
// member's tokens made with a higher role (team).
export { revokeTokensAboveRole } from './tokens';
