import { Link } from '@tanstack/react-router';
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrencyCode } from '#contract/markets.ts';
import { MAX_BOOKS_PER_ORDER } from '#contract/order-limits.ts';
import { ORDERABLE_COVERS, type OrderableCover } from '#contract/orders.ts';
import { CoverPicture } from './cover-pictures.tsx';
import { formatMoney } from '#book/typography.ts';
import { toMinor } from '#contract/markets.ts';
import { formatAmount } from '#src/lib/money.ts';
import { shopLanguageOf } from '#src/lib/use-shop-language.ts';
import { Chevron } from '#src/ui/chevron.tsx';
import '#src/features/builder/step-frame.css';
import './cover-screen.css';

export type SelectableCover = OrderableCover;
const SELECTABLE: readonly SelectableCover[] = ORDERABLE_COVERS;

/** A cover as the server lists it (contract/catalogue.ts CoverOption): layflat's price is its 'from' price. */
interface CoverScreenOption {
  type: SelectableCover | 'layflat';
  /** In the currency's major unit (29.99), as the server sends it. */
  price: number;
  currencyCode: CurrencyCode;
  /** A printed cover's price with the digital PDF too ('printed + PDF'). */
  withPdfPrice?: number | undefined;
}

export interface CoverScreenProps {
  /** The server's prices; undefined while they load. */
  options: CoverScreenOption[] | undefined;
  loadError: boolean;
  selected: SelectableCover;
  /**
   * 'printed + PDF': the digital PDF beside the printed book (a printed cover only). Undefined:
   * the flow does not carry the choice, so the box is not offered.
   */
  withPdf?: boolean | undefined;
  onSelect(type: SelectableCover, withPdf: boolean): void;
  onSave(): void;
  saving: boolean;
  saveError: boolean;
  /** The server refused the save for now (too many saves in a short time). */
  saveLimited?: boolean;
  /** The server refused the book: the order holds the most books one order can. */
  saveFull?: boolean;
  onBack(): void;
}

/**
 * Cover choice: layflat (made to order, a link to the contact page), hardcover (the default),
 * softcover and the digital PDF alone; beside a printed cover, 'Add the digital PDF' makes it
 * 'printed + PDF'. Prices come from the server; Save stores the choice and the spine moves on to
 * the cart.
 */
export function CoverScreen({
  options,
  loadError,
  selected,
  withPdf,
  onSelect,
  onSave,
  saving,
  saveError,
  saveLimited = false,
  saveFull = false,
  onBack,
}: CoverScreenProps) {
  const { t, i18n } = useTranslation('cover');
  const id = useId();
  const language = shopLanguageOf(i18n.language);
  const priceOf = (type: CoverScreenOption['type']) => {
    const option = options?.find((candidate) => candidate.type === type);
    return option ? formatAmount(option.price, option.currencyCode, language) : null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!saving) onSave();
  };

  const printed = selected !== 'digital';
  const pdfExtra = (() => {
    const option = options?.find((candidate) => candidate.type === selected);
    if (!option?.withPdfPrice) return null;
    return formatMoney(
      toMinor(option.withPdfPrice) - toMinor(option.price),
      option.currencyCode,
      language,
    );
  })();

  const priceText = (type: SelectableCover) => {
    const price = priceOf(type);
    if (price) return <span className="cover-choice__price">{price}</span>;
    if (options === undefined && !loadError) {
      return (
        <span className="cover-choice__price cover-choice__price--loading">
          <span className="visually-hidden">{t('pricesLoading')}</span>
        </span>
      );
    }
    return null;
  };

  return (
    <form className="step-frame cover-choice" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <div className="step-frame__top">
        <button type="button" className="step-frame__back" onClick={onBack}>
          <Chevron direction="back" size={20} />
          {t('back')}
        </button>
        <h1 id={`${id}-title`} className="step-frame__title">
          {t('title')}
        </h1>
      </div>
      <p className="step-frame__intro">{t('intro')}</p>

      {loadError && (
        <p className="cover-choice__notice" role="alert">
          {t('pricesFailed')}
        </p>
      )}

      {/* No change of format while the save is on its way. */}
      <fieldset className="cover-choice__formats" disabled={saving}>
        <legend className="visually-hidden">{t('legend')}</legend>

        <div className="cover-choice__card cover-choice__card--link">
          <CoverPicture format="layflat" />
          <span className="cover-choice__name">{t('formats.layflat.name')}</span>
          <span className="cover-choice__text">{t('formats.layflat.text')}</span>
          <span className="cover-choice__price">
            {priceOf('layflat') && t('formats.layflat.price', { price: priceOf('layflat') })}
          </span>
          <Link to="/contact-us" className="cover-choice__contact">
            {t('formats.layflat.contact')}
            <Chevron direction="forward" size={18} />
          </Link>
        </div>

        {SELECTABLE.map((type) => {
          const checked = selected === type;
          return (
            <label
              key={type}
              className={`cover-choice__card cover-choice__card--option${checked ? ' cover-choice__card--selected' : ''}`}
            >
              <input
                type="radio"
                className="visually-hidden"
                name={`${id}-format`}
                value={type}
                checked={checked}
                onChange={() => onSelect(type, type === 'digital' ? false : (withPdf ?? false))}
                aria-labelledby={`${id}-${type}-name`}
                aria-describedby={`${id}-${type}-text`}
              />
              {checked && <Tick />}
              <CoverPicture format={type} />
              <span id={`${id}-${type}-name`} className="cover-choice__name">
                {t(`formats.${type}.name`)}
              </span>
              <span id={`${id}-${type}-text`} className="cover-choice__text">
                {t(`formats.${type}.text`)}
              </span>
              {priceText(type)}
            </label>
          );
        })}
      </fieldset>

      {printed && withPdf !== undefined && (
        <label className="cover-choice__with-pdf">
          <input
            type="checkbox"
            checked={withPdf}
            disabled={saving}
            onChange={(event) => onSelect(selected, event.target.checked)}
            aria-labelledby={`${id}-with-pdf-label`}
            aria-describedby={`${id}-with-pdf-text`}
          />
          <span className="cover-choice__with-pdf-words">
            <span id={`${id}-with-pdf-label`} className="cover-choice__with-pdf-label">
              {pdfExtra ? t('withPdf.labelPrice', { price: pdfExtra }) : t('withPdf.label')}
            </span>
            <span id={`${id}-with-pdf-text`} className="cover-choice__text">
              {t('withPdf.text')}
            </span>
          </span>
        </label>
      )}

      {saveError && (
        <p className="error-box cover-choice__alert" role="alert">
          {saveFull
            ? t('saveFull', { max: MAX_BOOKS_PER_ORDER })
            : saveLimited
              ? t('saveLimited')
              : t('saveFailed')}
        </p>
      )}

      <div className="cover-choice__actions">
        <button
          type="submit"
          className="button button--primary button--large cover-choice__save"
          disabled={saving}
          aria-busy={saving || undefined}
        >
          {saving && <span className="cover-choice__spinner" aria-hidden="true" />}
          {saving ? t('saving') : t('save')}
        </button>
      </div>
    </form>
  );
}

function Tick() {
  return (
    <svg
      className="cover-choice__tick"
      viewBox="0 0 32 32"
      width="32"
      height="32"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="16" cy="16" r="15" fill="#0f5e63" stroke="#fff" strokeWidth="2" />
      <path
        d="M9 16.5l4.5 4.5L23 11.5"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
