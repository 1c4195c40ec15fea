import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Country } from '#contract/catalogue.ts';
import { GIFT_MESSAGE_MAX, giftMessageLength, giftMessageUnprintable } from '#contract/gift.ts';
import type { CheckoutForm, FieldPath, FieldProblems } from '#machines/checkout-form.ts';
import type { Language } from '#src/lib/languages.ts';
import { AddressFields } from './address-fields.tsx';
import { GiftArrival } from './gift-arrival.tsx';
import { FieldShell, describedBy } from './text-field.tsx';
import { fieldId } from './use-checkout.ts';

interface GiftFieldsProps {
  form: Pick<CheckoutForm, 'gift' | 'recipient' | 'giftMessage' | 'giftArriveBy'>;
  /** The delivery estimate to the recipient in working days; null while unknown. */
  estimateDays: number | null;
  countries: Country[] | undefined;
  language: Language;
  problems: FieldProblems;
  disabled: boolean;
  onGift: (gift: boolean) => void;
  onField: (path: FieldPath, value: string) => void;
}

/**
 * 'This is a gift' (issue #36): ticked, the books go to the recipient's name and address (the
 * checkout's own address fields and rules), the address above stays the buyer's billing one, and
 * the message (up to 300 characters, counted as typed) is printed on a card in the parcel; the
 * packing slip shows no prices.
 */
export function GiftFields({
  form,
  estimateDays,
  countries,
  language,
  problems,
  disabled,
  onGift,
  onField,
}: GiftFieldsProps) {
  const { t } = useTranslation('checkout');
  const checkId = useId();
  const explainId = useId();
  const counterId = useId();
  const messageId = fieldId('gift.message');
  const used = giftMessageLength(form.giftMessage);
  const left = GIFT_MESSAGE_MAX - used;
  const problem = problems['gift.message'];
  // The characters the card cannot print are named in the message (the API names them too).
  const error = problem
    ? t(`errors.${problem}`, {
        max: GIFT_MESSAGE_MAX,
        chars: giftMessageUnprintable(form.giftMessage.normalize('NFC')).join(' '),
      })
    : null;
  const described = describedBy(messageId, error)['aria-describedby'];
  const arrivalProblem = problems['gift.arriveBy'];
  const arrivalError = arrivalProblem ? t(`errors.${arrivalProblem}`) : null;

  return (
    <div className="checkout-gift">
      <div className="checkout__check">
        <input
          id={checkId}
          type="checkbox"
          checked={form.gift}
          disabled={disabled}
          aria-describedby={explainId}
          onChange={(event) => onGift(event.target.checked)}
        />
        <label htmlFor={checkId}>{t('gift.checkbox')}</label>
      </div>
      <p id={explainId} className="checkout__note checkout-gift__explain">
        {t('gift.explain')}
      </p>
      {form.gift && (
        <>
          <fieldset className="checkout__section">
            <legend>{t('gift.recipient')}</legend>
            <AddressFields
              kind="gift.recipient"
              address={form.recipient}
              countries={countries}
              language={language}
              problems={problems}
              disabled={disabled}
              onField={onField}
            />
          </fieldset>
          <fieldset className="checkout__section">
            <legend>{t('gift.card')}</legend>
            <FieldShell
              id={messageId}
              label={t('gift.message')}
              error={error}
              optional={t('address.optional')}
            >
              <textarea
                id={messageId}
                className="checkout-gift__message"
                value={form.giftMessage}
                rows={5}
                readOnly={disabled}
                onChange={(event) => onField('gift.message', event.target.value)}
                {...describedBy(messageId, error)}
                aria-describedby={[described, counterId].filter(Boolean).join(' ')}
              />
            </FieldShell>
            <p
              id={counterId}
              className={`checkout-gift__counter${left < 0 ? ' checkout-gift__counter--over' : ''}`}
              // Read out only near the limit, not at every key.
              aria-live={left <= 20 ? 'polite' : 'off'}
            >
              {left >= 0
                ? t('gift.counter', { count: left, max: GIFT_MESSAGE_MAX })
                : t('gift.counterOver', { count: -left, max: GIFT_MESSAGE_MAX })}
            </p>
          </fieldset>
          <GiftArrival
            value={form.giftArriveBy}
            estimateDays={estimateDays}
            language={language}
            error={arrivalError}
            disabled={disabled}
            onField={onField}
          />
        </>
      )}
    </div>
  );
}
