import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOK_LANGUAGES, type BookLanguage } from '#book/types.ts';
import { readBookLanguage, storeBookLanguage } from '../../lib/book-language.ts';
import { useShopInfo } from '../../lib/shop-info.ts';
import { PageMeta } from '../../ui/page-meta.tsx';
import { ProductGallery } from './product-gallery.tsx';
import { ProductTabs } from './product-tabs.tsx';
import './product.css';
import { shopLanguageOf } from '../../lib/use-shop-language.ts';

/** SPEC.md section 9. */
const PRODUCT_RATING = 5;
const PRODUCT_REVIEW_COUNT = 37;

function Stars({ label, size = 20 }: { label: string; size?: number }) {
  return (
    <span className="stars" role="img" aria-label={label}>
      {Array.from({ length: 5 }, (_, i) => (
        <svg
          key={i}
          viewBox="0 0 24 24"
          width={size}
          height={size}
          aria-hidden="true"
          focusable="false"
        >
          <path
            d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
            fill="currentColor"
          />
        </svg>
      ))}
    </span>
  );
}

function List({ items }: { items: string[] }) {
  return (
    <ul className="product__bullets">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** The product page of 'You can do it' (/YouCanDoIt). */
export function ProductPage() {
  const { t, i18n } = useTranslation('product');
  const [bookLanguage, setBookLanguage] = useState<BookLanguage>(() =>
    readBookLanguage(shopLanguageOf(i18n.language)),
  );
  const { priceFrom } = useShopInfo();
  const list = (key: string) => t(key, { returnObjects: true }) as string[];
  const details = ['pages', 'size', 'printed', 'ages'] as const;
  const reviews = t('reviews.items', { returnObjects: true }) as { author: string; text: string }[];
  const tabs = [
    {
      id: 'story',
      label: t('tabs.story'),
      content: list('story').map((paragraph) => <p key={paragraph}>{paragraph}</p>),
    },
    { id: 'features', label: t('tabs.features'), content: <List items={list('features')} /> },
    { id: 'learning', label: t('tabs.learning'), content: <List items={list('learning')} /> },
    {
      id: 'details',
      label: t('tabs.details'),
      content: (
        <dl className="product__details">
          {details.map((key) => (
            <div key={key}>
              <dt>{t(`details.${key}`)}</dt>
              <dd>{t(`details.${key}Value`)}</dd>
            </div>
          ))}
        </dl>
      ),
    },
  ];
  return (
    <div className="product">
      <PageMeta page="product" />
      <div className="product__top">
        <ProductGallery bookLanguage={bookLanguage} />
        <section className="product__buy" aria-labelledby="product-title">
          <h1 id="product-title">{t('title')}</h1>
          <p className="product__subtitle">{t('subtitle')}</p>
          <p className="product__rating">
            <Stars
              label={t('rating.label', { rating: PRODUCT_RATING, count: PRODUCT_REVIEW_COUNT })}
            />
            <span aria-hidden="true">{t('rating.count', { count: PRODUCT_REVIEW_COUNT })}</span>
          </p>
          <p className="product__price">
            {priceFrom ? t('price', { price: priceFrom }) : '\u00a0'}
          </p>
          <p>{t('intro')}</p>
          <div className="product__language">
            <label htmlFor="book-language">{t('languageSelect.label')}</label>
            <select
              id="book-language"
              aria-describedby="book-language-hint"
              value={bookLanguage}
              onChange={(event) => {
                const value = event.target.value as BookLanguage;
                setBookLanguage(value);
                storeBookLanguage(value);
              }}
            >
              {BOOK_LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {t(`languageSelect.${language}`)}
                </option>
              ))}
            </select>
            <p id="book-language-hint" className="product__hint">
              {t('languageSelect.hint')}
            </p>
          </div>
          <a
            href="/personalizeTest/football_story"
            className="button button--primary button--large"
            onClick={() => storeBookLanguage(bookLanguage)}
          >
            {t('personalise')}
          </a>
        </section>
      </div>
      <section className="product__about" aria-labelledby="product-about">
        <h2 id="product-about" className="visually-hidden">
          {t('tabs.label')}
        </h2>
        <ProductTabs label={t('tabs.label')} tabs={tabs} />
      </section>
      <section className="product__reviews" aria-labelledby="product-reviews">
        <h2 id="product-reviews">{t('reviews.title')}</h2>
        <ul>
          {reviews.map((review) => (
            <li key={review.author}>
              <figure>
                <Stars label={t('reviews.ratingLabel')} size={16} />
                <blockquote>
                  <p>{review.text}</p>
                </blockquote>
                <figcaption>{review.author}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
