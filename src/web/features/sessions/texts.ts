// Settings -> Sessions (issue 31): the words the card puts together itself, as message descriptors
// it translates (issue 48, decision 044). The card's other words are the domain's SESSION_TEXTS,
// shared with the server.
export const SESSION_CARD_TEXTS = {
  // A session's End button, named with its browser (and address, when known) for a screen reader.
  endLabel: /*i18n*/ { id: 'sessions.endLabel', message: 'End {browser}' },
  endLabelAt: /*i18n*/ { id: 'sessions.endLabelAt', message: 'End {browser} ({address})' },
} as const;
