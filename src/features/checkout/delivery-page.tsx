import { countryInSentence } from '#book/typography.ts';
import { countryName as nameOfCountry } from '#src/lib/countries.ts';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { allDigitalOf, visibleProblems, type CheckoutFailure } from '#machines/checkout.ts';
import {
  deliveryCountryOf,
  isGiftOf,
  MARKET_PHONE_COUNTRY,
  type FieldPath,
} from '#machines/checkout-form.ts';
import { cartSummaryQueryOptions } from '#src/lib/cart-summary.ts';
import type { Language } from '#src/lib/languages.ts';
import { keepPreviousData, useQuery } from '#src/lib/query-client.ts';
import { useCountries } from '#src/lib/use-countries.ts';
import { newAttemptKey } from './api/initiate-payment.ts';
import { AddressFields } from './address-fields.tsx';
import { deliveryEstimateDays } from '#contract/shop.ts';
import { GiftFields } from './gift-fields.tsx';
import { OrderSummary } from './order-summary.tsx';
import { PhoneField } from './phone-field.tsx';
import { ReviewConsentBox } from './review-consent-box.tsx';
import { TextField } from './text-field.tsx';
import { fieldId, useCheckout } from './use-checkout.ts';
import './checkout.css';

interface DeliveryPageProps {
  language: Language;
  /** Came from the cart's wallet-style button. */
  wallet: boolean;
}

const FAILURE_KEYS: Record<Exclude<CheckoutFailure, null>, string> = {
  save: 'failure.save',
  payment: 'failure.payment',
  paid: 'failure.paid',
  limited: 'failure.limited',
  review: 'failure.review',
  unavailable: 'failure.unavailable',
};

/**
 * /checkout/delivery (SPEC 'Checkout delivery', section 5): the order summary for the chosen
 * country, the shipping address, email and phone, 'use shipping as billing' with a billing address
 * when off, the newsletter box, and 'Pay now', which saves the details, starts the payment and
 * sends the browser to the provider's page. The checkout machine decides; this page shows it.
 */
export function DeliveryPage({ language, wallet }: DeliveryPageProps) {
  const { t } = useTranslation('checkout');
  const actor = useCheckout({ screen: 'delivery', language, wallet });
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const context = useSelector(actor, (snapshot) => snapshot.context);
  const { form, orderId } = context;
  const countries = useCountries(language);
  // The cart's summary (the same query), priced for the country typed; the last one stays while the next loads.
  const summary = useQuery({
    // A gift is priced for delivery to its recipient's country.
    ...cartSummaryQueryOptions(
      orderId ?? undefined,
      language,
      deliveryCountryOf(form, allDigitalOf(context)),
    ),
    placeholderData: keepPreviousData,
  });
  const formats = summary.data?.items.map((item) => item.format);
  const formatsKey = formats?.join(',');
  const subscribeId = useId();
  const sameId = useId();

  useEffect(() => {
    if (formatsKey !== undefined)
      actor.send({ type: 'cart.loaded', formats: formatsKey === '' ? [] : formatsKey.split(',') });
  }, [actor, formatsKey]);
  // Back from the provider's page (the browser restores this page from its cache): the form again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) actor.send({ type: 'page.restored' });
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [actor]);

  if (state === 'noOrder' || orderId === null) return null;
  // No books in this order (paid in another tab, emptied, or gone: null): nothing to deliver.
  if (summary.data === null || (summary.data && summary.data.items.length === 0)) {
    return (
      <div className="checkout checkout--message">
        <h1>{t('empty.title')}</h1>
        <Link to="/" className="button button--primary">
          {t('empty.home')}
        </Link>
      </div>
    );
  }

  const allDigital = allDigitalOf(context);
  const problems = visibleProblems(context);
  const working = state === 'saving' || state === 'initiating' || state === 'redirecting';
  const message = (path: FieldPath) => {
    const problem = problems[path];
    return problem ? t(`errors.${problem}`) : null;
  };
  const setField = (path: FieldPath, value: string) =>
    actor.send({ type: 'field.set', path, value });
  const gift = isGiftOf(form, allDigital);
  const deliveryCountry = deliveryCountryOf(form, allDigital);
  const country = countries.data?.find((c) => c.countryId === deliveryCountry);
  // The country as it stands in the summary's sentence ("Shipping to the United States").
  const countryName = country
    ? countryInSentence(country.countryCode, nameOfCountry(country, language), language)
    : '';
  const errorCount = Object.keys(problems).length;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // One key per press: a double tap or a repeat of this press starts one payment attempt.
    actor.send({ type: 'pay', attemptKey: newAttemptKey() });
  };
  const addressSection = (kind: 'shippingAddress' | 'billingAddress', legend: string) => (
    <fieldset className="checkout__section">
      <legend>{legend}</legend>
      <AddressFields
        kind={kind}
        address={form[kind]}
        countries={countries.data}
        language={language}
        problems={problems}
        disabled={working}
        onField={setField}
      />
    </fieldset>
  );
  const checkbox = (
    id: string,
    checked: boolean,
    label: string,
    onChecked: (checked: boolean) => void,
  ) => (
    <div className="checkout__check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={working}
        onChange={(event) => onChecked(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );

  return (
    <div className="checkout">
      <Link to="/cart" className="checkout__back">
        {t('back')}
      </Link>
      <h1>{allDigital ? t('title.billing') : t('title.shipping')}</h1>
      <div className="checkout__grid">
        <OrderSummary
          summary={summary.data}
          country={country}
          countryName={countryName}
          language={language}
          allDigital={allDigital}
          updating={summary.isFetching}
        />
        <form
          className="checkout__form"
          noValidate
          onSubmit={onSubmit}
          aria-describedby="checkout-required-note"
        >
          <p id="checkout-required-note" className="checkout__note">
            {t('requiredNote')}
          </p>
          {addressSection(
            'shippingAddress',
            allDigital
              ? t('sections.billing')
              : gift
                ? t('sections.buyer')
                : t('sections.shipping'),
          )}
          <fieldset className="checkout__section">
            <legend>{t('sections.contact')}</legend>
            <TextField
              id={fieldId('contactInfo.email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              label={t('contact.email')}
              value={form.email}
              error={message('contactInfo.email')}
              onValue={(value) => setField('contactInfo.email', value)}
              maxLength={254}
              readOnly={working}
              required
            />
            <PhoneField
              id={fieldId('contactInfo.phone')}
              value={form.phone}
              defaultCountry={MARKET_PHONE_COUNTRY[language]}
              language={language}
              error={message('contactInfo.phone')}
              disabled={working}
              onValue={(value) => setField('contactInfo.phone', value)}
            />
          </fieldset>
          {!allDigital && (
            <GiftFields
              form={form}
              estimateDays={
                country && formats ? deliveryEstimateDays(country.deliveryTime, formats) : null
              }
              countries={countries.data}
              language={language}
              problems={problems}
              disabled={working}
              onGift={(on) => actor.send({ type: 'gift.set', gift: on })}
              onField={setField}
            />
          )}
          {!allDigital &&
            !gift &&
            checkbox(sameId, form.sameBilling, t('sameBilling'), (same) =>
              actor.send({ type: 'billing.same', same }),
            )}
          {!allDigital &&
            !gift &&
            !form.sameBilling &&
            addressSection('billingAddress', t('sections.billing'))}
          {checkbox(subscribeId, form.subscribe, t('subscribe'), (subscribe) =>
            actor.send({ type: 'subscribe.set', subscribe }),
          )}
          <ReviewConsentBox orderId={orderId} disabled={working} />
          {wallet && <p className="checkout__note">{t('walletNote')}</p>}
          <div role="alert" className="checkout__alert-slot">
            {context.failure && (
              <p className="error-box checkout__alert">{t(FAILURE_KEYS[context.failure])}</p>
            )}
            {!context.failure && errorCount > 0 && !working && (
              <p className="visually-hidden">{t('errors.summary', { count: errorCount })}</p>
            )}
          </div>
          <div className="checkout__pay">
            {working ? (
              <p className="checkout__spinner" role="status">
                <span className="spinner" aria-hidden="true" />
                <span className="visually-hidden">{t('paying')}</span>
              </p>
            ) : (
              <button type="submit" className="button button--primary button--large">
                {t('payNow')}
              </button>
            )}
          </div>
          <p className="checkout__secure">{t('secureNote')}</p>
        </form>
      </div>
    </div>
  );
}
