import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageState } from '#contract/admin.ts';
import { useMessages, useSetMessageHandled } from './api/community-api.ts';
import { QueryView } from './admin-table.tsx';
import { formatDateTime } from './format.ts';
import { Pager } from './pager.tsx';

/** The contact form's messages: open ones first, a reply-by-mail link, mark handled or open again. */
export function MessagesPage() {
  const { t, i18n } = useTranslation('admin');
  const [state, setState] = useState<MessageState>('open');
  const [page, setPage] = useState(1);
  const messages = useMessages(state, page);
  const setHandled = useSetMessageHandled();
  const show = (next: MessageState) => {
    setState(next);
    setPage(1);
  };
  return (
    <section aria-labelledby="messages-title">
      <h1 id="messages-title">{t('messages.title')}</h1>
      <div className="admin-tabs" role="group" aria-label={t('messages.show')}>
        {(['open', 'handled'] as const).map((s) => (
          <button
            key={s}
            type="button"
            className="button button--secondary button--small"
            aria-pressed={state === s}
            onClick={() => show(s)}
          >
            {t(`messages.${s}`, {
              count: s === 'open' ? (messages.data?.open ?? 0) : (messages.data?.handled ?? 0),
            })}
          </button>
        ))}
      </div>
      <QueryView query={messages}>
        {(data) =>
          data.rows.length === 0 ? (
            <p>{t('messages.none')}</p>
          ) : (
            <>
              <ul className="admin-inbox">
                {data.rows.map((m) => (
                  <li key={m.id} className="admin-card">
                    <h2>
                      {m.fromName} <span className="admin-muted">&lt;{m.email}&gt;</span>
                    </h2>
                    <p className="admin-muted">
                      {formatDateTime(m.createdAt, i18n.language)}
                      {m.language && ` · ${t(`languages.${m.language}`)}`}
                      {m.handledAt &&
                        ` · ${t('messages.handledBy', { who: m.handledBy ?? '?', at: formatDateTime(m.handledAt, i18n.language) })}`}
                    </p>
                    <p className="admin-message">{m.message}</p>
                    <p className="admin-actions">
                      <a
                        className="button button--primary button--small"
                        href={`mailto:${m.email}?subject=${encodeURIComponent(t('messages.replySubject'))}`}
                      >
                        {t('messages.reply')}
                      </a>
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        disabled={setHandled.isPending}
                        onClick={() => setHandled.mutate({ id: m.id, handled: !m.handledAt })}
                      >
                        {m.handledAt ? t('messages.reopen') : t('messages.markHandled')}
                      </button>
                    </p>
                  </li>
                ))}
              </ul>
              <Pager page={page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
            </>
          )
        }
      </QueryView>
    </section>
  );
}
