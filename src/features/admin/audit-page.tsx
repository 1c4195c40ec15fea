import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAudit } from './api/staff-api.ts';
import { AdminTable, QueryView } from './admin-table.tsx';
import { formatDateTime } from './format.ts';
import { Pager } from './pager.tsx';

const show = (value: unknown) =>
  value === null || value === undefined ? '' : JSON.stringify(value);

/** Who did what and when, with the state before and after; newest first. */
export function AuditPage() {
  const { t, i18n } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const audit = useAudit(page);
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">{t('audit.title')}</h1>
      <QueryView query={audit}>
        {(data) => (
          <>
            <AdminTable
              className="admin-table--audit"
              columns={[
                t('audit.when'),
                t('audit.who'),
                t('audit.what'),
                t('audit.target'),
                t('audit.before'),
                t('audit.after'),
                t('audit.address'),
              ]}
            >
              {data.rows.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDateTime(entry.createdAt, i18n.language)}</td>
                  <td>{entry.staffEmail}</td>
                  <td>
                    {t(`audit.actions.${entry.action.replace('.', '_')}`, {
                      defaultValue: entry.action,
                    })}
                  </td>
                  <td>{entry.targetType && `${entry.targetType} ${entry.targetId ?? ''}`}</td>
                  <td>
                    <code>{show(entry.before)}</code>
                  </td>
                  <td>
                    <code>{show(entry.after)}</code>
                  </td>
                  <td>{entry.clientAddress ?? ''}</td>
                </tr>
              ))}
            </AdminTable>
            <Pager page={page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
          </>
        )}
      </QueryView>
    </section>
  );
}
