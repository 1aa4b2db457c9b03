// The dev mailbox as a small server-rendered page. Every value from the outbox is escaped;
// only http(s) links in an email's text become anchors.
import { MAILBOX_LIMIT, type MailboxMessage } from './service';

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => escapes[c]!);
}

const linkPattern = /https?:\/\/[^\s<>"']+/g;

function renderText(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(linkPattern)) {
    const url = match[0];
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

export function renderMailboxPage(messages: MailboxMessage[], toFilter: string): string {
  const items = messages
    .map(
      (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(m.to)}</strong> · ${escapeHtml(m.kind)} · <time datetime="${m.createdAt.toISOString()}">${escapeHtml(m.createdAt.toISOString().replace('T', ' ').slice(0, 19))} UTC</time></p>
  <pre>${renderText(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Dev mailbox · Brieflane</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 52rem; padding: 1.5rem; color: #1f2937; }
  header p { color: #6b7280; }
  form { margin: 1rem 0; display: flex; gap: .5rem; }
  input { flex: 1; padding: .4rem .6rem; border: 1px solid #d1d5db; border-radius: .375rem; }
  button { padding: .4rem .9rem; border: 0; border-radius: .375rem; background: #2563eb; color: #fff; }
  article { border: 1px solid #e5e7eb; border-radius: .5rem; padding: 1rem; margin: 1rem 0; }
  h2 { font-size: 1.05rem; margin: 0; }
  .meta { color: #6b7280; margin: .25rem 0 .75rem; font-size: .875rem; }
  pre { white-space: pre-wrap; word-break: break-word; background: #f9fafb; padding: .75rem; border-radius: .375rem; margin: 0; }
</style>
</head>
<body>
<header>
  <h1>Dev mailbox</h1>
  <p>No SMTP server is configured, so Brieflane keeps every email here instead of sending it. Newest first, the last ${MAILBOX_LIMIT} at most.</p>
</header>
<form method="get" action="/dev/mailbox">
  <input type="email" name="to" placeholder="Filter by recipient" value="${escapeHtml(toFilter)}" aria-label="Recipient">
  <button type="submit">Filter</button>
</form>
${items || '<p>No emails yet.</p>'}
</body>
</html>
`;
}
