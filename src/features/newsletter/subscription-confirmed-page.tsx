import { useTranslation } from 'react-i18next';
import './newsletter.css';
import { ButtonLinks } from '#src/ui/button-links.tsx';

/** After the confirm link: a welcome to the adventure community with the way to the book. */
export function SubscriptionConfirmedPage() {
  const { t } = useTranslation('newsletter');
  return (
    <section
      className="card status-card subscription-link"
      aria-labelledby="subscription-confirmed-title"
    >
      <svg
        className="subscription-link__mark"
        viewBox="0 0 64 64"
        width="72"
        height="72"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="32" cy="32" r="30" fill="#166534" />
        <path
          d="M19 33l9 9 18-20"
          stroke="#fff"
          strokeWidth="5"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <h1 id="subscription-confirmed-title">{t('confirmed.title')}</h1>
      <p>{t('confirmed.text')}</p>
      <ButtonLinks
        className="subscription-link__actions"
        primary={{ to: '/YouCanDoIt', label: t('confirmed.cta') }}
        secondary={{ to: '/', label: t('confirmed.home') }}
      />
    </section>
  );
}
