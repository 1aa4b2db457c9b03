// The files module's email: staff hear of a client's decision on a file awaiting approval
// (issue 33), in each reader's language (issue 48). Its first line is the inbox's title, which
// names the decider with the link they decided through (issue 46 4a), so the typed name never
// stands alone in the mail either.
import type { Locale } from '../../../domain/locales';
import { translate } from '../../platform/i18n';
import { EMAIL_TEXTS } from '../../platform/mail/email-words';
import { FILE_EMAIL_TEXTS as T } from './email-texts';

type Recipient = { email: string | null; fullName: string; locale: Locale };
type Decided = {
  deciderName: string;
  linkName: string | null;
  decision: 'approved' | 'changes_requested';
  fileName: string;
  version: number;
  projectName: string;
  comment: string | null;
  projectUrl: string;
};

export function approvalDecidedEmail(member: Recipient, decided: Decided): { to: string | null; subject: string; text: string } {
  const say = member.locale;
  const who = translate(say, T.viaLink, { name: decided.deciderName, link: decided.linkName || translate(say, T.untitledLink) });
  const title = translate(say, decided.decision === 'approved' ? T.approved : T.changesRequested, { who, file: decided.fileName, version: decided.version });
  return {
    to: member.email,
    subject: `${title} (${decided.projectName})`,
    text: [
      translate(say, EMAIL_TEXTS.hello, { name: member.fullName }),
      '',
      translate(say, T.onProject, { news: title, project: decided.projectName }),
      ...(decided.comment ? ['', translate(say, T.comment, { comment: decided.comment })] : []),
      '',
      translate(say, T.openProject, { url: decided.projectUrl }),
    ].join('\n'),
  };
}
