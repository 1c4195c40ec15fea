import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { declineLatvianName } from '#book/grammar/latvian.ts';
import { genderOf } from '#book/personalization.ts';
import type { CartItem } from '#contract/orders.ts';
import type { CurrencyCode } from '#contract/markets.ts';
import type { Language } from '#src/lib/languages.ts';
import { useRemoveOrderItem } from './api/remove-order-item.ts';
import {
  charactersSvg,
  familyFiguresOf,
  familyPeopleOf,
  svgDataUrl,
} from './characters-picture.ts';
import { formatAmount } from '#src/lib/money.ts';
import { HrefLink } from './href-link.tsx';

interface CartItemCardProps {
  item: CartItem;
  currency: CurrencyCode;
  language: Language;
  approved: boolean;
  /** Called after the server removed the item (the summary is refetched by then). */
  onRemoved: () => void;
}

/** The child's name as the title line needs it: 'for Anna', Latvian 'Annai' (dative). */
function nameForTitle(item: CartItem, language: Language): string {
  if (language !== 'lv') return item.childName;
  return declineLatvianName(item.childName, genderOf(item.childGender)).dat;
}

/** One book in the cart: title for the child, the characters, the dedication, format and price. */
export function CartItemCard({ item, currency, language, approved, onRemoved }: CartItemCardProps) {
  const { t, i18n } = useTranslation('cart');
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveOrderItem();
  const confirmQuestion = useRef<HTMLParagraphElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  // The family the parent designed (issue #43): its grown-ups with their looks, and the child.
  const picture = useMemo(() => {
    const figures = familyFiguresOf(item);
    const svg = figures ? charactersSvg(figures) : null;
    return svg ? svgDataUrl(svg) : null;
  }, [item]);
  const people = familyPeopleOf(item);
  const pictureAlt = t('item.charactersAlt', {
    people: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(people.people),
    ...(people.allFemale ? { context: 'female' } : {}),
  });
  const title = t('item.bookFor', { title: item.title, name: nameForTitle(item, language) });
  const lastConfirming = useRef(confirming);

  // The confirm step takes the focus; cancelling gives it back to Remove.
  useEffect(() => {
    if (confirming) confirmQuestion.current?.focus();
    else if (lastConfirming.current) removeButton.current?.focus();
    lastConfirming.current = confirming;
  }, [confirming]);

  const confirmRemove = () => {
    remove.mutate(item.id, {
      onSuccess: () => onRemoved(),
      onError: (error) => console.error('Failed to remove the book:', error),
    });
  };

  return (
    <li className="card cart-item" aria-labelledby={`${id}-title`}>
      <div className="cart-item__picture">
        {picture && <img src={picture} alt={pictureAlt} width="240" height="255" />}
      </div>
      <div className="cart-item__body">
        <h3 id={`${id}-title`} className="cart-item__title">
          {title}
        </h3>
        <p className={`cart-item__state${approved ? ' cart-item__state--approved' : ''}`}>
          {approved ? (
            <>
              <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
                <path
                  d="M4 10.5l4 4 8-9"
                  stroke="currentColor"
                  strokeWidth="2.5"
                  fill="none"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              {t('item.approved')}
            </>
          ) : (
            t('item.notApproved')
          )}
        </p>
        <dl className="cart-item__facts">
          <div className="cart-item__dedication">
            <dt>{t('item.dedication')}</dt>
            <dd>{item.dedication}</dd>
          </div>
          <div>
            <dt>{t('item.format')}</dt>
            <dd>
              {item.withPdf
                ? t('withPdf', { format: t(`format.${item.format}`) })
                : t(`format.${item.format}`)}
            </dd>
          </div>
          {item.language !== language && (
            <div>
              <dt>{t('item.language')}</dt>
              <dd>{t(`bookLanguage.${item.language}`)}</dd>
            </div>
          )}
          <div>
            <dt>{t('item.price')}</dt>
            <dd className="cart-item__price">{formatAmount(item.price, currency, language)}</dd>
          </div>
        </dl>
        {confirming ? (
          <div className="cart-item__confirm" role="group" aria-labelledby={`${id}-confirm`}>
            <p id={`${id}-confirm`} ref={confirmQuestion} tabIndex={-1}>
              {t('item.removeConfirm', { title: item.title, name: nameForTitle(item, language) })}
            </p>
            {remove.isError && (
              <p className="cart-item__error" role="alert">
                {t('item.removeFailed')}
              </p>
            )}
            <div className="cart-item__actions">
              <button
                type="button"
                className="button button--danger"
                onClick={confirmRemove}
                disabled={remove.isPending}
              >
                {remove.isPending ? t('item.removing') : t('item.removeYes')}
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  remove.reset();
                  setConfirming(false);
                }}
                disabled={remove.isPending}
              >
                {t('item.removeNo')}
              </button>
            </div>
          </div>
        ) : (
          <div className="cart-item__actions">
            <HrefLink
              href={`/coverChoice/edit/${encodeURIComponent(item.id)}`}
              className="button button--secondary button--small"
              aria-describedby={`${id}-title`}
            >
              {t('item.editFormat')}
            </HrefLink>
            <HrefLink
              href={`/personalize/edit/${encodeURIComponent(item.id)}`}
              className="button button--secondary button--small"
              aria-describedby={`${id}-title`}
            >
              {t('item.editPersonalisation')}
            </HrefLink>
            <button
              type="button"
              ref={removeButton}
              className="button button--quiet button--small"
              aria-describedby={`${id}-title`}
              onClick={() => setConfirming(true)}
            >
              {t('item.remove')}
            </button>
          </div>
        )}
      </div>
    </li>
  );
}
