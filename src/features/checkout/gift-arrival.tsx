import { useTranslation } from 'react-i18next';
import { arrivalWindow } from '#contract/arrival.ts';
import type { FieldPath } from '#machines/checkout-form.ts';
import type { Language } from '#src/lib/languages.ts';
import { formatDate } from '#src/lib/dates.ts';
import { FieldShell, describedBy } from './text-field.tsx';
import { fieldId } from './use-checkout.ts';

interface GiftArrivalProps {
  value: string;
  /** The delivery estimate to the recipient in working days (contract/shop.ts); null: unknown yet. */
  estimateDays: number | null;
  language: Language;
  /** The message under the field (already in words), or null. */
  error: string | null;
  disabled: boolean;
  onField: (path: FieldPath, value: string) => void;
  /** Today, for the window (tests pass a fixed day). */
  today?: Date;
}

/**
 * 'Choose when it arrives' (issue #36): an optional day the gift should arrive by, from the
 * delivery estimate to the recipient (the earliest an order paid today arrives) to 60 days ahead
 * (contract/arrival.ts); empty, it goes as soon as it is ready. The server checks the same window.
 */
export function GiftArrival({
  value,
  estimateDays,
  language,
  error,
  disabled,
  onField,
  today = new Date(),
}: GiftArrivalProps) {
  const { t } = useTranslation('checkout');
  const id = fieldId('gift.arriveBy');
  const window = estimateDays === null ? null : arrivalWindow(today, estimateDays);
  const hint = window
    ? t('gift.arriveHint', {
        earliest: formatDate(window.earliest, language),
        latest: formatDate(window.latest, language),
      })
    : t('gift.arriveHintPlain');
  return (
    <fieldset className="checkout__section">
      <legend>{t('gift.when')}</legend>
      <FieldShell
        id={id}
        label={t('gift.arriveBy')}
        error={error}
        hint={hint}
        optional={t('address.optional')}
      >
        <input
          id={id}
          type="date"
          className="checkout-gift__date"
          value={value}
          min={window?.earliest}
          max={window?.latest}
          readOnly={disabled}
          onChange={(event) => onField('gift.arriveBy', event.target.value)}
          {...describedBy(id, error, hint)}
        />
      </FieldShell>
    </fieldset>
  );
}
