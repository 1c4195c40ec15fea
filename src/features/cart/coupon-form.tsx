import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CouponInfo } from '#contract/orders.ts';
import { useApplyCoupon } from './api/apply-coupon.ts';

interface CouponFormProps {
  orderId: string;
  /** The coupon already on the order, from the summary. */
  couponInfo: CouponInfo | null;
}

/** The coupon box: the code is sent as typed; the answer is shown under the field. */
export function CouponForm({ orderId, couponInfo }: CouponFormProps) {
  const { t } = useTranslation('cart');
  const id = useId();
  const [code, setCode] = useState('');
  const apply = useApplyCoupon(orderId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (apply.isPending) return;
    apply.mutate(code, {
      onSuccess: () => setCode(''),
      onError: (error) => console.warn('Coupon refused:', error.reason),
    });
  };

  let message: { text: string; tone: 'success' | 'error' | 'info' } | null = null;
  if (apply.isError) message = { text: t(`coupon.errors.${apply.error.reason}`), tone: 'error' };
  else if (apply.isSuccess)
    message = {
      text: t('coupon.applied', { code: apply.data.code, percent: apply.data.percentOff }),
      tone: 'success',
    };
  else if (couponInfo?.applies)
    message = {
      text: t('coupon.active', { code: couponInfo.code, percent: couponInfo.percentOff }),
      tone: 'info',
    };
  else if (couponInfo)
    message = { text: t('coupon.inactive', { code: couponInfo.code }), tone: 'info' };

  return (
    <form className="coupon-form" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-code`}>{t('coupon.label')}</label>
      <div className="coupon-form__row">
        <input
          id={`${id}-code`}
          name="coupon"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          aria-invalid={apply.isError}
          aria-describedby={`${id}-message`}
          onChange={(event) => {
            setCode(event.target.value);
            if (apply.isError) apply.reset();
          }}
        />
        <button type="submit" className="button button--secondary" disabled={apply.isPending}>
          {apply.isPending ? t('coupon.applying') : t('coupon.apply')}
        </button>
      </div>
      <p
        id={`${id}-message`}
        className={`coupon-form__message${message ? ` coupon-form__message--${message.tone}` : ''}`}
        role="status"
      >
        {message?.text}
      </p>
    </form>
  );
}
