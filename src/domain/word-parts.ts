// Issue 48 (decision 045): the rules' words come in three parts, by who reads them first. The
// sign-in screens show the account rules' words and a share link the sharing rules' words; neither
// downloads the signed-in app's (`domain`: every other file of src/domain). lingui.config.ts sorts
// the sources by this list, and the catalog test checks each text's id by it.

/** The domain files (names in src/domain) whose texts are not of the `domain` part. */
export const DOMAIN_FILE_PARTS = {
  // Words any page may show, signed in, signed out or through a link: the rule every text input
  // goes through, and a busy server's refusal. They are the web app's `core` part, which every page
  // loads before it renders.
  core: ['storable-text.ts', 'server-busy.ts'],
  // The sign-in, sign-up and password-reset screens' rules, and the sign-in's second factor,
  // single sign-on and passkey answers (their Settings words are in two-factor.ts, sso.ts,
  // passkeys.ts: `domain`).
  'domain-auth': ['auth.ts', 'two-factor-sign-in.ts', 'sso-sign-in.ts', 'passkey-sign-in.ts'],
  // What a share, intake or approval link's visitor meets: its password, the intake form and its
  // questionnaire's rules (templates), decisions.
  // A share link shows a project's tasks, files, notes and comments too, with their rules' words.
  'domain-shared': [
    'sharing.ts',
    'sharing-rules.ts',
    'intake.ts',
    'approval-rules.ts',
    'approval-states.ts',
    'approvals.ts',
    'task-rules.ts',
    'file-rules.ts',
    'note-rules.ts',
    'comment-rules.ts',
    // An intake link's questionnaire: its answers' rules and messages (the template's).
    'templates.ts',
    'template-rules.ts',
    'template-field.ts',
  ],
} as const satisfies Record<string, readonly string[]>;

export type DomainPart = 'domain' | keyof typeof DOMAIN_FILE_PARTS;

/** The part of a domain file's texts, by its name (`auth.ts`). */
export function domainPartOf(fileName: string): DomainPart {
  for (const [part, files] of Object.entries(DOMAIN_FILE_PARTS) as [DomainPart, readonly string[]][]) {
    if (files.includes(fileName)) return part;
  }
  return 'domain';
}
