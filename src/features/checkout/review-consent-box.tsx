import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchReviewConsent, saveReviewConsent } from './api/review-consent.ts';

/**
 * 'Ask me for a review after delivery' (issue #36.3): unticked until the buyer ticks it, stored on
 * the order as it changes (its own call, apart from the delivery form), read back when the page
 * is opened again. A failed save puts the box back as the server has it.
 */
export function ReviewConsentBox({ orderId, disabled }: { orderId: string; disabled: boolean }) {
  const { t } = useTranslation('checkout');
  const id = useId();
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    let live = true;
    fetchReviewConsent(orderId).then(
      (answer) => live && setChecked(answer.consent),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [orderId]);
  const onChange = (next: boolean) => {
    setChecked(next);
    saveReviewConsent(orderId, next).then(
      (answer) => setChecked(answer.consent),
      () => setChecked(!next),
    );
  };
  return (
    <div className="checkout__check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.checked)}
      />
      <div>
        <label htmlFor={id}>{t('reviewConsent.label')}</label>
        <p id={`${id}-hint`} className="checkout__note">
          {t('reviewConsent.hint')}
        </p>
      </div>
    </div>
  );
}
