import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUBSCRIBER_STATES, type SubscriberState } from '#contract/admin.ts';
import { LANGUAGES, type Language } from '#contract/markets.ts';
import { useSubscribers } from './api/community-api.ts';
import { AdminTable, QueryView } from './admin-table.tsx';
import { formatDate } from './format.ts';
import { Pager } from './pager.tsx';
import { SurveyResults } from './survey-results.tsx';

/** The newsletter's subscribers by state and language (CSV of the confirmed ones) and the survey. */
export function CommunityPage() {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  const [state, setState] = useState<SubscriberState | undefined>();
  const [language, setLanguage] = useState<Language | undefined>();
  const [page, setPage] = useState(1);
  const subscribers = useSubscribers({ state, language, page });
  const count = (s: SubscriberState, l: Language) =>
    subscribers.data?.counts.find((c) => c.state === s && c.language === l)?.count ?? 0;
  return (
    <section aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t('community.title')}</h1>
      <article className="admin-card">
        <h2>{t('community.subscribers')}</h2>
        <p>
          <a
            className="button button--primary button--small"
            href="/api/admin/subscribers/confirmed.csv"
            download
          >
            {t('community.csv')}
          </a>
        </p>
        <div className="admin-scroll">
          <table className="admin-table">
            <caption className="visually-hidden">{t('community.countsCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('community.state')}</th>
                {LANGUAGES.map((l) => (
                  <th key={l} scope="col">
                    {t(`languages.${l}`)}
                  </th>
                ))}
                <th scope="col">{t('community.total')}</th>
              </tr>
            </thead>
            <tbody>
              {SUBSCRIBER_STATES.map((s) => (
                <tr key={s}>
                  <th scope="row">{t(`community.states.${s}`)}</th>
                  {LANGUAGES.map((l) => (
                    <td key={l}>{count(s, l)}</td>
                  ))}
                  <td>{LANGUAGES.reduce((sum, l) => sum + count(s, l), 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="admin-filters">
          <label htmlFor={`${id}-state`}>{t('community.state')}</label>
          <select
            id={`${id}-state`}
            value={state ?? ''}
            onChange={(e) => (
              setState((e.target.value || undefined) as SubscriberState | undefined),
              setPage(1)
            )}
          >
            <option value="">{t('community.all')}</option>
            {SUBSCRIBER_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`community.states.${s}`)}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-language`}>{t('community.language')}</label>
          <select
            id={`${id}-language`}
            value={language ?? ''}
            onChange={(e) => (
              setLanguage((e.target.value || undefined) as Language | undefined),
              setPage(1)
            )}
          >
            <option value="">{t('community.all')}</option>
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t(`languages.${l}`)}
              </option>
            ))}
          </select>
        </div>
        <QueryView query={subscribers}>
          {(data) => (
            <>
              <AdminTable
                columns={[
                  t('community.email'),
                  t('community.language'),
                  t('community.state'),
                  t('community.since'),
                ]}
              >
                {data.rows.map((row) => (
                  <tr key={row.email}>
                    <td>{row.email}</td>
                    <td>{t(`languages.${row.language}`)}</td>
                    <td>{t(`community.states.${row.state}`)}</td>
                    <td>{formatDate(row.createdAt, i18n.language)}</td>
                  </tr>
                ))}
              </AdminTable>
              <Pager page={page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
            </>
          )}
        </QueryView>
      </article>
      <SurveyResults />
    </section>
  );
}
