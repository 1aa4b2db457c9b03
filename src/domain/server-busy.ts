// A request the server refused because it is busy (issue 36, decision 025): the code of the 503
// and the texts of both sides, so the web app can tell it from other failures and say what it
// means for the user's change.
export const SERVER_BUSY_CODE = 'server_busy';

export const SERVER_BUSY_MESSAGES = {
  /** The server's answer. */
  refused: /*i18n*/ { id: 'core.server-busy.refused', message: 'The server is busy. Please try again in a moment.' },
  /** What the web app shows for a change the server refused this way. */
  changeNotSaved: /*i18n*/ { id: 'core.server-busy.changeNotSaved', message: 'The server is busy. Your change was not saved — try again.' },
} as const;
