import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SocialLinks } from '#src/ui/social-links.tsx';
import { ContactForm } from './contact-form.tsx';
import './contact.css';

/** Contact Us: heading and social links on the left, the form (or the 'message sent' view) on the right. */
export function ContactPage() {
  const { t } = useTranslation('contact');
  const [sent, setSent] = useState(false);
  const sentHeading = useRef<HTMLHeadingElement>(null);
  // Move focus to the confirmation once it is on the page, so screen readers announce it.
  useEffect(() => {
    if (sent) sentHeading.current?.focus();
  }, [sent]);
  return (
    <div className="contact">
      <section className="contact__intro" aria-labelledby="contact-title">
        <h1 id="contact-title">{t('title')}</h1>
        <p>{t('intro')}</p>
        <p>
          {t('emailUs')} <a href="mailto:hello@storymade.eu">hello@storymade.eu</a>
        </p>
        <h2>{t('followUs')}</h2>
        <SocialLinks tone="light" />
      </section>
      <section
        className="contact__panel"
        aria-labelledby={sent ? 'contact-sent' : 'contact-form-title'}
      >
        {sent ? (
          <div className="contact__sent">
            <svg viewBox="0 0 48 48" width="56" height="56" aria-hidden="true" focusable="false">
              <circle cx="24" cy="24" r="22" fill="#166534" />
              <path
                d="M14 25l7 7 13-15"
                stroke="#fff"
                strokeWidth="4"
                fill="none"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <h2 id="contact-sent" ref={sentHeading} tabIndex={-1}>
              {t('sent.title')}
            </h2>
            <p>{t('sent.text')}</p>
            <Link to="/faq" className="button button--secondary">
              {t('sent.faq')}
            </Link>
          </div>
        ) : (
          <>
            <h2 id="contact-form-title">{t('form.title')}</h2>
            <ContactForm onSent={() => setSent(true)} />
          </>
        )}
      </section>
    </div>
  );
}
