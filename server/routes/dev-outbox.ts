import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Db } from '#server/db/client.ts';
import { outboxMail } from '#server/db/schema/shop.ts';
import { escapeHtml } from '#server/platform/html.ts';

const LIMIT = 100;

/** Escaped text with its http(s) links made clickable. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

function status(row: typeof outboxMail.$inferSelect): string {
  if (row.sentAt) return `sent over SMTP ${row.sentAt.toISOString()}`;
  if (row.transport === 'outbox') return 'kept in the outbox (no SMTP_URL)';
  return `not sent yet (${row.attempts} attempts)${row.lastError ? `: ${row.lastError}` : ''}`;
}

/**
 * Development only (NODE_ENV=development): GET /dev/outbox lists the latest mails the server
 * stored, GET /dev/outbox/{id} shows one mail's HTML as a mail program would.
 */
export function devOutboxRoutes(db: Db) {
  return new Hono()
    .get('/outbox', async (c) => {
      const rows = await db.select().from(outboxMail).orderBy(desc(outboxMail.id)).limit(LIMIT);
      const items = rows
        .map(
          (row) => `<article>
<h2>${escapeHtml(row.subject)}</h2>
<dl>
<dt>To</dt><dd>${escapeHtml(row.to)}</dd>
${row.replyTo ? `<dt>Reply-To</dt><dd>${escapeHtml(row.replyTo)}</dd>` : ''}
<dt>Stored</dt><dd>${escapeHtml(row.createdAt.toISOString())}</dd>
<dt>Status</dt><dd>${escapeHtml(status(row))}</dd>
</dl>
<p><a href="/dev/outbox/${row.id}">Open the HTML version</a></p>
<pre>${linkify(row.text)}</pre>
</article>`,
        )
        .join('\n');
      c.header('Cache-Control', 'no-store');
      return c.html(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Outbox (development)</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 900px; padding: 16px; color: #1f2a37; }
article { border: 1px solid #eadfce; border-radius: 8px; margin: 16px 0; padding: 0 16px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; }
dt { color: #4b5563; } dd { margin: 0; }
pre { white-space: pre-wrap; background: #fffaf3; padding: 12px; }
</style></head>
<body>
<h1>Outbox</h1>
<p>The latest ${LIMIT} mails the server stored, newest first. This page exists only in development.</p>
${rows.length === 0 ? '<p>No mail yet.</p>' : items}
</body>
</html>`);
    })
    .get('/outbox/:id{[0-9]{1,9}}', async (c) => {
      const [row] = await db
        .select()
        .from(outboxMail)
        .where(eq(outboxMail.id, Number(c.req.param('id'))));
      if (!row) return c.json({ error: 'No such mail.' }, 404);
      c.header('Cache-Control', 'no-store');
      return c.html(row.html);
    });
}
