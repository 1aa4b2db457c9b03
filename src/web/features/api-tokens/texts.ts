// Settings -> API tokens (issue 30): the words the card puts together itself, as message
// descriptors it translates (issue 48, decision 044). The card's other words are the domain's
// API_TOKEN_TEXTS, shared with the server.
export const API_TOKEN_CARD_TEXTS = {
  /** A token's Revoke button, named with the token for a screen reader. */
  revokeLabel: /*i18n*/ { id: 'api-tokens.revokeLabel', message: 'Revoke {name}' },
} as const;
