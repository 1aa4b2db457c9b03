// Settings -> Webhooks (issue 30): the words the card puts together itself, as message descriptors
// it translates (issue 48, decision 044). The card's other words are the domain's WEBHOOK_TEXTS,
// shared with the server.
export const WEBHOOK_CARD_TEXTS = {
  // A hook's controls, named with the hook (its description, else its URL) for a screen reader.
  turnOnLabel: /*i18n*/ { id: 'webhooks.turnOnLabel', message: 'Turn on {name}' },
  turnOffLabel: /*i18n*/ { id: 'webhooks.turnOffLabel', message: 'Turn off {name}' },
  deliveriesLabel: /*i18n*/ { id: 'webhooks.deliveriesLabel', message: 'Recent deliveries: {name}' },
  sendTestLabel: /*i18n*/ { id: 'webhooks.sendTestLabel', message: 'Send test event: {name}' },
  editLabel: /*i18n*/ { id: 'webhooks.editLabel', message: 'Edit: {name}' },
  deleteLabel: /*i18n*/ { id: 'webhooks.deleteLabel', message: 'Delete: {name}' },
} as const;
