import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { AdminOrderItem, ProofHold } from '#contract/admin-orders.ts';
import { formatDateTime } from './format.ts';

/** The dashboard's card of books held by a failed print proof (issue #43); quiet when there are none. */
export function ProofHoldsCard({ holds }: { holds: ProofHold[] }) {
  const { t, i18n } = useTranslation('admin');
  return (
    <article className="admin-card" aria-labelledby="proof-holds-title">
      <h2 id="proof-holds-title">{t('dashboard.proofHolds.title')}</h2>
      {holds.length === 0 ? (
        <p>{t('dashboard.proofHolds.none')}</p>
      ) : (
        <>
          <p role="alert">{t('dashboard.proofHolds.held', { count: holds.length })}</p>
          <ul className="admin-list">
            {holds.map((hold) => (
              <li key={hold.itemId}>
                <Link to="/admin/orders/$orderId" params={{ orderId: hold.orderId }}>
                  {hold.orderNumber}
                </Link>{' '}
                ({hold.childName}): {proofFindings(t, hold)},{' '}
                {formatDateTime(hold.at, i18n.language)}
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}

type Translate = ReturnType<typeof useTranslation<'admin'>>['t'];

function proofFindings(
  t: Translate,
  found: { failedPages: number; missingSentences: number; error: string | null },
): string {
  if (found.error) return t('proof.unreadable');
  return [
    ...(found.failedPages > 0 ? [t('proof.pagesDiffer', { count: found.failedPages })] : []),
    ...(found.missingSentences > 0
      ? [t('proof.sentencesMissing', { count: found.missingSentences })]
      : []),
  ].join(', ');
}

/** A book's print proof on the order page: passed with its largest difference, or what failed. */
export function BookProof({ proof }: { proof: AdminOrderItem['proof'] }) {
  const { t } = useTranslation('admin');
  if (!proof) return null;
  if (proof.ok)
    return (
      <p className="admin-proof admin-proof--ok">
        {t('proof.passed', {
          worst: proof.worstPercent,
          threshold: proof.thresholdPercent,
          sentences: proof.sentences,
        })}
      </p>
    );
  return (
    <div className="admin-proof admin-proof--failed" role="alert">
      <p>
        <strong>{t('proof.failed')}</strong>{' '}
        {proofFindings(t, {
          failedPages: proof.failedPages.length,
          missingSentences: proof.missingSentences.length,
          error: proof.error,
        })}
      </p>
      {proof.failedPages.length > 0 && (
        <ul>
          {proof.failedPages.map((page) => (
            <li key={`${page.file}-${page.page}`}>
              {t('proof.page', {
                file: t(`proof.files.${page.file}`, { defaultValue: page.file }),
                page: page.page,
                shows: page.shows,
                percent: page.differencePercent,
                threshold: proof.thresholdPercent,
              })}
            </li>
          ))}
        </ul>
      )}
      {proof.missingSentences.length > 0 && (
        <ul>
          {proof.missingSentences.map((sentence) => (
            <li key={sentence}>
              <q>{sentence}</q>
            </li>
          ))}
        </ul>
      )}
      <p>{t('proof.next')}</p>
    </div>
  );
}
