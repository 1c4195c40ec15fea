import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidEmail } from '#contract/email.ts';
import { hasUnprintable } from '#contract/text.ts';
import type { Language } from '#src/lib/languages.ts';
import { useSendContactMessage } from './contact-api.ts';

interface ContactFormProps {
  onSent: () => void;
}

/** Name, email and message, all required and trimmed; the message box has 3 rows. */
export function ContactForm({ onSent }: ContactFormProps) {
  const { t, i18n } = useTranslation('contact');
  const id = useId();
  const [fromName, setFromName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [website, setWebsite] = useState('');
  const [emailTouched, setEmailTouched] = useState(false);
  const [failed, setFailed] = useState(false);
  const send = useSendContactMessage();

  const emailValid = isValidEmail(email);
  // The API's text rule (contract/text.ts): no control, direction or invisible characters.
  const nameUnprintable = hasUnprintable(fromName);
  const messageUnprintable = hasUnprintable(message);
  const complete =
    fromName.trim() !== '' &&
    message.trim() !== '' &&
    emailValid &&
    !nameUnprintable &&
    !messageUnprintable;
  const showEmailError = emailTouched && email.trim() !== '' && !emailValid;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete || send.isPending) return;
    setFailed(false);
    send.mutate(
      {
        from_name: fromName.trim(),
        email: email.trim(),
        message: message.trim(),
        website,
        language: i18n.language as Language,
      },
      {
        onSuccess: () => onSent(),
        onError: (error) => {
          console.error('Failed to send email:', error);
          setFailed(true);
        },
      },
    );
  };

  return (
    <form className="contact-form" onSubmit={submit} noValidate aria-describedby={`${id}-required`}>
      <p id={`${id}-required`} className="contact-form__hint">
        {t('form.required')}
      </p>
      {failed && (
        <p className="error-box contact-form__alert" role="alert">
          {t('form.failed')}
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('form.name')}</label>
        <input
          id={`${id}-name`}
          name="from_name"
          autoComplete="name"
          required
          value={fromName}
          aria-invalid={nameUnprintable}
          aria-describedby={nameUnprintable ? `${id}-name-error` : undefined}
          onChange={(e) => setFromName(e.target.value)}
        />
        {nameUnprintable && (
          <p id={`${id}-name-error`} className="field__error">
            {t('form.unprintable')}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-email`}>{t('form.email')}</label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          aria-invalid={showEmailError}
          aria-describedby={showEmailError ? `${id}-email-error` : undefined}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={() => setEmailTouched(true)}
        />
        {showEmailError && (
          <p id={`${id}-email-error`} className="field__error">
            {t('form.emailInvalid')}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-message`}>{t('form.message')}</label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={3}
          required
          value={message}
          aria-invalid={messageUnprintable}
          aria-describedby={messageUnprintable ? `${id}-message-error` : undefined}
          onChange={(e) => setMessage(e.target.value)}
        />
        {messageUnprintable && (
          <p id={`${id}-message-error`} className="field__error">
            {t('form.unprintable')}
          </p>
        )}
      </div>
      {/* A honeypot for robots: hidden from people and from assistive technology. */}
      <div className="contact-form__trap" aria-hidden="true">
        <label htmlFor={`${id}-website`}>Website</label>
        <input
          id={`${id}-website`}
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onChange={(e) => setWebsite(e.target.value)}
        />
      </div>
      <button
        type="submit"
        className="button button--primary"
        disabled={!complete || send.isPending}
      >
        {send.isPending ? t('form.sending') : t('form.submit')}
      </button>
    </form>
  );
}
