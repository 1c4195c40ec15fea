import { FIRST_EDITION_SIZE } from '#book/edition.ts';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { useShopInfo } from '#src/lib/shop-info.ts';
import { FaqAccordion } from './faq-accordion.tsx';
import { filterFaq, readFaqItems, type FaqItem } from './faq-search.ts';
import './faq.css';

const INLINE_TAG = /<([a-z]+)>(.*?)<\/\1>/g;

/** Turns the inline markup of an answer into links: <contact>…</contact>, <delivery>…</delivery>, <privacy>…</privacy>. */
function renderAnswer(item: FaqItem): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of item.answer.matchAll(INLINE_TAG)) {
    const [whole, tag, inner = ''] = match;
    if (match.index > last) out.push(item.answer.slice(last, match.index));
    const key = `${tag}-${match.index}`;
    if (tag === 'contact') {
      out.push(
        <Link key={key} to="/contact-us">
          {inner}
        </Link>,
      );
    } else if (tag === 'delivery') {
      out.push(
        <Link key={key} to="/delivery">
          {inner}
        </Link>,
      );
    } else if (tag === 'privacy') {
      out.push(
        <Link key={key} to="/privacy-policy">
          {inner}
        </Link>,
      );
    } else {
      out.push(inner);
    }
    last = match.index + whole.length;
  }
  if (last < item.answer.length) out.push(item.answer.slice(last));
  return out;
}

/** The FAQ page: search box, accordion and a way to contact us (SPEC: FAQ). */
export function FaqPage() {
  const { t, i18n } = useTranslation('faq');
  const [query, setQuery] = useState('');
  const searchId = useId();
  // Amounts in the visitor's currency, from the server's prices.
  const { priceFrom, layflatFrom } = useShopInfo();
  const data: unknown = t('items', {
    returnObjects: true,
    priceFrom: priceFrom || '…',
    layflatFrom: layflatFrom || '…',
    size: FIRST_EDITION_SIZE,
  });
  const items = readFaqItems(data);
  const valid = items !== null;

  useEffect(() => {
    if (!valid) console.error(`FAQ data is not an array (language ${i18n.language})`);
  }, [valid, i18n.language]);

  if (items === null) return null;

  const shown = filterFaq(items, query);
  const searching = query.trim() !== '';

  return (
    <div className="faq">
      <div className="faq-header">
        <h1>{t('title')}</h1>
        <p className="faq-intro">{t('intro')}</p>
      </div>

      <div className="faq-search">
        <label htmlFor={searchId}>{t('search.label')}</label>
        <input
          id={searchId}
          type="search"
          value={query}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>

      <p className="faq-status" role="status">
        {searching && shown.length > 0
          ? t('search.results', { count: shown.length, total: items.length })
          : null}
        {searching && shown.length === 0
          ? t('search.noResults', {
              query: query.trim(),
              interpolation: { escapeValue: false },
            })
          : null}
      </p>

      <FaqAccordion items={shown} renderAnswer={renderAnswer} />

      <section className="faq-more">
        <h2>{t('more.title')}</h2>
        <p>{t('more.text')}</p>
        <Link to="/contact-us" className="faq-more-link">
          {t('more.link')}
        </Link>
      </section>
    </div>
  );
}
