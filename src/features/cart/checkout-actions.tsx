import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface CheckoutActionsProps {
  approved: boolean;
  onApprovedChange: (approved: boolean) => void;
  onCheckout: () => void;
  /** The wallet button, when the payment provider offers a wallet (PAYMENT_METHODS); else none. */
  onWallet?: (() => void) | undefined;
}

/**
 * The approval checkbox, Checkout and the wallet button. Until the box is ticked both buttons are
 * disabled yet focusable (aria-disabled), so keyboard and screen-reader users reach them and hear
 * why: the tooltip 'Approve book details to proceed' is their description and shows on focus and
 * hover (Escape hides it).
 */
export function CheckoutActions({
  approved,
  onApprovedChange,
  onCheckout,
  onWallet,
}: CheckoutActionsProps) {
  const { t } = useTranslation('cart');
  const id = useId();
  return (
    <div className="checkout-actions">
      <div className="checkout-actions__approval">
        <input
          id={`${id}-approve`}
          data-approval
          type="checkbox"
          checked={approved}
          onChange={(event) => onApprovedChange(event.target.checked)}
        />
        <label htmlFor={`${id}-approve`}>{t('approval.label')}</label>
      </div>
      <GatedButton
        className="button button--primary button--large"
        enabled={approved}
        tooltip={t('approval.tooltip')}
        onClick={onCheckout}
      >
        {t('checkout')}
      </GatedButton>
      {onWallet && (
        <GatedButton
          className="button button--wallet"
          enabled={approved}
          tooltip={t('approval.tooltip')}
          onClick={onWallet}
        >
          <WalletMarks />
          {t('wallet')}
        </GatedButton>
      )}
    </div>
  );
}

interface GatedButtonProps {
  className: string;
  enabled: boolean;
  tooltip: string;
  onClick: () => void;
  children: ReactNode;
}

function GatedButton({ className, enabled, tooltip, onClick, children }: GatedButtonProps) {
  const id = useId();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const show = !enabled && (hovered || focused) && !dismissed;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && show) {
      event.preventDefault();
      setDismissed(true);
    }
  };
  return (
    // The wrapper only watches the pointer so the tooltip also shows over the disabled button.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <span
      className="gated-button"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => {
        setHovered(false);
        setDismissed(false);
      }}
    >
      <button
        type="button"
        className={className}
        aria-disabled={!enabled}
        aria-describedby={enabled ? undefined : `${id}-tooltip`}
        onClick={() => {
          if (enabled) onClick();
        }}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          setDismissed(false);
        }}
        onKeyDown={onKeyDown}
      >
        {children}
      </button>
      {!enabled && (
        <span
          id={`${id}-tooltip`}
          role="tooltip"
          className={`tooltip${show ? ' tooltip--visible' : ''}`}
        >
          {tooltip}
        </span>
      )}
    </span>
  );
}

/** Small Apple Pay and Google Pay style marks (decorative; the button's text names them). */
function WalletMarks() {
  return (
    <svg
      viewBox="0 0 44 20"
      width="44"
      height="20"
      aria-hidden="true"
      focusable="false"
      className="button--wallet__marks"
    >
      <path
        fill="currentColor"
        d="M8.6 4.1c.5-.6.9-1.5.8-2.3-.8 0-1.7.5-2.3 1.1-.5.5-.9 1.4-.8 2.2.9.1 1.8-.4 2.3-1zm.8 1.2c-1.3-.1-2.4.7-3 .7s-1.6-.7-2.6-.7C2.5 5.3 1.2 6.1.6 7.4c-1.4 2.4-.4 5.9 1 7.8.6.9 1.4 2 2.4 1.9 1-.1 1.3-.6 2.5-.6s1.5.6 2.5.6c1 0 1.7-.9 2.3-1.9.7-1 1-2 1-2.1 0 0-2-.8-2-3 0-1.9 1.5-2.7 1.6-2.8-.9-1.3-2.2-1.4-2.6-1.5z"
      />
      <path
        d="M38.9 5.1A7 7 0 1 0 41 10h-6.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
