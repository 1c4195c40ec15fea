import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorBody } from './api/admin-fetch.ts';

/** A back-office query's place on the page: loading, the error, or what `children` shows of the data. */
export function QueryView<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  if (query.isPending) return <p className="loading">{t('loading')}</p>;
  // Refused (403): the owner's, not a failure to load.
  if (query.isError)
    return (
      <p role="alert">
        {t(errorBody(query.error).status === 403 ? 'ownerOnly.generic' : 'errors.load')}
      </p>
    );
  return children(query.data);
}

interface AdminTableProps {
  /** Added to `admin-table`. */
  className?: string;
  /** The column heads, in order. */
  columns: readonly ReactNode[];
  /** The rows. */
  children: ReactNode;
  /** In a box that scrolls sideways on narrow screens (default). */
  scroll?: boolean;
}

/** A back-office table: the column heads, then the rows. */
export function AdminTable({ className, columns, children, scroll = true }: AdminTableProps) {
  const table = (
    <table className={className ? `admin-table ${className}` : 'admin-table'}>
      <thead>
        <tr>
          {columns.map((column, index) => (
            // The heads never move: their place is their key.
            <th key={index} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
  return scroll ? <div className="admin-scroll">{table}</div> : table;
}
