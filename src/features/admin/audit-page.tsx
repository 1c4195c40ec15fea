import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAudit } from './api/staff-api.ts';
import { formatDateTime } from './format.ts';
import { Pager } from './pager.tsx';

const show = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** Who did what and when, with the state before and after; newest first. */
export function AuditPage() {
  const { t, i18n } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const audit = useAudit(page);
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">{t('audit.title')}</h1>
      {audit.isPending ? (
        <p className="loading">{t('loading')}</p>
      ) : audit.isError ? (
        <p role="alert">{t('errors.load')}</p>
      ) : (
        <>
          <div className="admin-scroll">
            <table className="admin-table admin-table--audit">
              <thead>
                <tr>
                  <th scope="col">{t('audit.when')}</th>
                  <th scope="col">{t('audit.who')}</th>
                  <th scope="col">{t('audit.what')}</th>
                  <th scope="col">{t('audit.target')}</th>
                  <th scope="col">{t('audit.before')}</th>
                  <th scope="col">{t('audit.after')}</th>
                </tr>
              </thead>
              <tbody>
                {audit.data.rows.map((entry) => (
                  <tr key={entry.id}>
                    <td>{formatDateTime(entry.createdAt, i18n.language)}</td>
                    <td>{entry.staffEmail}</td>
                    <td>{t(`audit.actions.${entry.action.replace('.', '_')}`, { defaultValue: entry.action })}</td>
                    <td>{entry.targetType && `${entry.targetType} ${entry.targetId ?? ''}`}</td>
                    <td>
                      <code>{show(entry.before)}</code>
                    </td>
                    <td>
                      <code>{show(entry.after)}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pageSize={audit.data.pageSize} total={audit.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
