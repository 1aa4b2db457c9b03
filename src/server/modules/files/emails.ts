// The files module's email: staff hear of a client's decision on a file awaiting approval
// (issue 33). Its first line is the inbox's title, which names the decider with the link they
// decided through (issue 46 4a), so the typed name never stands alone in the mail either.
type Recipient = { email: string | null; fullName: string };
type Decided = { title: string; projectName: string; comment: string | null; projectUrl: string };

export function approvalDecidedEmail(member: Recipient, decided: Decided): { to: string | null; subject: string; text: string } {
  return {
    to: member.email,
    subject: `${decided.title} (${decided.projectName})`,
    text: [
      `Hello ${member.fullName},`,
      '',
      `${decided.title}, on the project "${decided.projectName}".`,
      ...(decided.comment ? ['', `Their comment: ${decided.comment}`] : []),
      '',
      `Open the project: ${decided.projectUrl}`,
    ].join('\n'),
  };
}
