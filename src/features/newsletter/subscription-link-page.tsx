import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postSubscriptionLink } from './newsletter-api.ts';
import './newsletter.css';
import { ButtonLinks } from '#src/ui/button-links.tsx';
import { PageWithMeta } from '#src/ui/page-meta.tsx';

interface SubscriptionLinkPageProps {
  action: 'confirm' | 'unsubscribe';
  /** The {token} from the path. */
  token: string | undefined;
}

/** The route /confirm-subscription/$token or /unsubscribe/$token: its head tags and the page, anew for each token. */
export function SubscriptionLinkRoute({ action }: Pick<SubscriptionLinkPageProps, 'action'>) {
  const { token } = useParams({ strict: false });
  return (
    <PageWithMeta page={action === 'confirm' ? 'confirmSubscription' : 'unsubscribe'}>
      <SubscriptionLinkPage key={token} action={action} token={token} />
    </PageWithMeta>
  );
}

/**
 * The pages behind the two links in the confirmation mail. Confirming goes on to
 * /subscription-confirmed, unsubscribing to /. A missing token or a failed call shows an alert
 * in the page (SPEC section 8's texts) with a way home.
 */
export function SubscriptionLinkPage({ action, token }: SubscriptionLinkPageProps) {
  const { t } = useTranslation('newsletter');
  const navigate = useNavigate();
  const [problem, setProblem] = useState<'missing' | 'failed' | null>(() =>
    token?.trim() ? null : 'missing',
  );
  const started = useRef(false);

  useEffect(() => {
    const value = token?.trim();
    if (!value || started.current) return;
    started.current = true;
    postSubscriptionLink(action, value).then(
      () =>
        void navigate({
          to: action === 'confirm' ? '/subscription-confirmed' : '/',
          replace: true,
        }),
      (error: unknown) => {
        console.error(`Failed to ${action} the subscription:`, error);
        setProblem('failed');
      },
    );
  }, [action, token, navigate]);

  return (
    <section
      className="card status-card subscription-link"
      aria-labelledby="subscription-link-title"
    >
      <h1 id="subscription-link-title">
        {t(`meta.pages.${action === 'confirm' ? 'confirmSubscription' : 'unsubscribe'}.title`, {
          ns: 'common',
        })}
      </h1>
      {problem ? (
        <>
          <p role="alert" className="error-box subscription-link__alert">
            {t(problem === 'missing' ? 'links.missing' : 'links.failed')}
          </p>
          <ButtonLinks
            className="subscription-link__actions"
            primary={{ to: '/', label: t('links.home') }}
            secondary={{ to: '/contact-us', label: t('links.contact') }}
          />
        </>
      ) : (
        <p role="status" className="subscription-link__working">
          <span className="subscription-link__spinner" aria-hidden="true" />
          <span>{t(action === 'confirm' ? 'links.confirming' : 'links.unsubscribing')}</span>
        </p>
      )}
    </section>
  );
}
