import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminOrderItem } from '#contract/admin-orders.ts';
import { CALL_BY_NAME } from '#contract/family.ts';
import type { CurrencyCode } from '#contract/markets.ts';
import { formatMoney } from '#book/typography.ts';
import { formatBytes, formatDateTime } from './format.ts';
import { PersonalisationWords } from './personalisation-words.tsx';

interface OrderItemCardProps {
  item: AdminOrderItem;
  currencyCode: CurrencyCode;
}

/** One book: cover, names, every choice in words, the dedication, the print files. */
export function OrderItemCard({ item, currencyCode }: OrderItemCardProps) {
  const { t, i18n } = useTranslation('admin');
  const { t: tc } = useTranslation('characters');
  const { t: tCommon } = useTranslation('common');
  const id = useId();
  const returned = item.returned;
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  return (
    <article
      className={returned ? 'admin-card admin-item admin-item--returned' : 'admin-card admin-item'}
    >
      <img
        src={item.coverImageUrl}
        alt={t('order.coverAlt', { name: item.child.name })}
        width="180"
        height="220"
        loading="lazy"
      />
      <div>
        <h3>
          {t('order.bookFor', { title: item.title, name: item.child.name })}
          {item.editionNumber !== null && ' '}
          {item.editionNumber !== null && (
            <span className="admin-edition">
              {t('order.edition', { number: item.editionNumber })}
              {item.editionRetired && ` (${t('order.editionRetired')})`}
            </span>
          )}
        </h3>
        {/* The book's truth: paid back, and when the printer had its files before that (#43.4). */}
        {returned && (
          <p className="admin-returned">
            {returned.at
              ? t(`order.returned.${returned.state}`, { at: when(returned.at) })
              : t('order.returned.cancelledUndated')}
          </p>
        )}
        {returned?.handedOnAt && (
          <p className="admin-form__error">
            {t('order.returned.handedOn', { at: when(returned.handedOnAt) })}
          </p>
        )}
        <dl className="admin-facts">
          <div>
            <dt>{t('order.format')}</dt>
            <dd>{t(`formats.${item.coverType}`, { defaultValue: item.coverType })}</dd>
          </div>
          <div>
            <dt>{t('order.bookLanguage')}</dt>
            <dd>{t(`languages.${item.language}`)}</dd>
          </div>
          <div>
            <dt>{t('order.price')}</dt>
            <dd>{formatMoney(item.unitPriceMinor, currencyCode, i18n.language)}</dd>
          </div>
        </dl>
        <h4>
          {t('order.child', {
            name: item.child.name,
            gender: tc(`gender.${item.child.gender.toLowerCase()}`),
          })}
        </h4>
        <PersonalisationWords personalization={item.child.personalization} />
        <p className="admin-family">
          {t('order.family', { shape: tCommon(`familyShapes.${item.family.shape}`) })}
        </p>
        {item.family.grownUps.map((grownUp, index) => (
          // Named by its heading: two mums are two regions with names of their own.
          <section key={index} aria-labelledby={`${id}-grown-up-${index}`}>
            <h4 id={`${id}-grown-up-${index}`}>
              {t('order.grownUp', {
                kind: t(`order.kinds.${grownUp.kind}`),
                name: grownUp.name ?? t('order.noName'),
                call:
                  grownUp.call === CALL_BY_NAME
                    ? t('order.callByName')
                    : t('order.callWord', { word: grownUp.call }),
              })}
            </h4>
            <PersonalisationWords personalization={grownUp.personalization} />
          </section>
        ))}
        <h4>{t('order.dedication')}</h4>
        <blockquote className="admin-dedication">{item.dedication}</blockquote>
        <h4>{t('order.printFiles')}</h4>
        {item.files.length === 0 ? (
          <p>{t(returned ? 'order.filesReturned' : 'order.filesPending')}</p>
        ) : (
          <ul className="admin-files">
            {item.files.map((file) => (
              <li key={file.kind}>
                <a href={file.url} download>
                  {t(`order.file.${file.kind}`, { name: item.child.name })}
                </a>{' '}
                {t('order.fileFacts', {
                  size: formatBytes(file.byteSize, i18n.language),
                  at: formatDateTime(file.createdAt, i18n.language),
                })}
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}
