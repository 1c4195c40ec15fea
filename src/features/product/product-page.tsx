import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOK_LANGUAGES, type BookLanguage } from '#book/types.ts';
import { readBookLanguage, storeBookLanguage } from '#src/lib/book-language.ts';
import type { ReviewList as ReviewListData } from '#contract/reviews.ts';
import { useShopInfo } from '#src/lib/shop-info.ts';
import { ReviewList } from '#src/ui/reviews/review-list.tsx';
import { Stars } from '#src/ui/reviews/stars.tsx';
import { FamilyShapes } from '#src/ui/family-shapes.tsx';
import { PageMeta } from '#src/ui/page-meta.tsx';
import { ProductGallery } from './product-gallery.tsx';
import { ProductTabs } from './product-tabs.tsx';
import './product.css';
import { shopLanguageOf } from '#src/lib/use-shop-language.ts';

function List({ items }: { items: string[] }) {
  return (
    <ul className="product__bullets">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** The product page of 'You can do it' (/YouCanDoIt), with the approved reviews of its language (the route loads them). */
export function ProductPage({ reviews = null }: { reviews?: ReviewListData | null }) {
  const { t, i18n } = useTranslation(['product', 'reviews']);
  const [bookLanguage, setBookLanguage] = useState<BookLanguage>(() =>
    readBookLanguage(shopLanguageOf(i18n.language)),
  );
  const { priceFrom } = useShopInfo();
  const list = (key: string) => t(key, { returnObjects: true }) as string[];
  const details = ['pages', 'size', 'printed', 'ages'] as const;
  // Approved reviews of real buyers in this language (none invented: no rating while there are none).
  const rating = reviews?.rating;
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
          {rating && (
            <p className="product__rating">
              <Stars
                value={rating.value}
                label={t('reviews:list.stars', { count: rating.value })}
              />
              <a href="#product-reviews">
                {t('reviews:list.rated', { value: rating.value, count: rating.count })}
              </a>
            </p>
          )}
          <p className="product__price">
            {priceFrom ? t('price', { price: priceFrom }) : '\u00a0'}
          </p>
          <p>{t('intro')}</p>
          <FamilyShapes label={t('families')} compact />
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
      <ReviewList data={reviews ?? undefined} headingId="product-reviews" />
    </div>
  );
}
