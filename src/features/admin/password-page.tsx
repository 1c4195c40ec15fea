import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '#contract/admin.ts';
import { errorBody } from './api/admin-fetch.ts';
import { useChangePassword, useSession } from './api/session-api.ts';

/** Change the password; the first sign-in with a one-time password lands here. */
export function PasswordPage() {
  const { t } = useTranslation('admin');
  const id = useId();
  const navigate = useNavigate();
  const session = useSession();
  const change = useChangePassword();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [repeat, setRepeat] = useState('');
  const [touched, setTouched] = useState(false);
  const mustChange = session.data?.staff.mustChangePassword ?? false;
  const tooShort = newPassword.length < PASSWORD_MIN_LENGTH;
  const mismatch = repeat !== newPassword;
  const sameAsOld = newPassword !== '' && newPassword === currentPassword;
  const failure = change.error ? errorBody(change.error) : null;
  const wrongCurrent = failure?.fields?.currentPassword !== undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (tooShort || mismatch || sameAsOld || !currentPassword) return;
    change.mutate(
      { currentPassword, newPassword },
      { onSuccess: () => void navigate({ to: '/admin' }) },
    );
  }

  const error = (show: boolean, key: string, text: string) =>
    show ? (
      <p id={`${id}-${key}`} className="admin-form__error">
        {text}
      </p>
    ) : null;

  return (
    <form className="admin-card admin-form" onSubmit={submit} noValidate>
      <h1>{t('password.title')}</h1>
      {mustChange && <p>{t('password.mustChange')}</p>}
      <label htmlFor={`${id}-current`}>{t('password.current')}</label>
      <input
        id={`${id}-current`}
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        aria-invalid={wrongCurrent || undefined}
        aria-describedby={wrongCurrent ? `${id}-wrong` : undefined}
        onChange={(e) => setCurrent(e.target.value)}
      />
      {error(wrongCurrent, 'wrong', t('password.wrongCurrent'))}
      <label htmlFor={`${id}-new`}>{t('password.new')}</label>
      <input
        id={`${id}-new`}
        type="password"
        autoComplete="new-password"
        value={newPassword}
        aria-invalid={(touched && (tooShort || sameAsOld)) || undefined}
        aria-describedby={`${id}-hint`}
        onChange={(e) => setNew(e.target.value)}
      />
      <p id={`${id}-hint`} className="admin-form__hint">
        {t('password.hint', { min: PASSWORD_MIN_LENGTH })}
      </p>
      {error(touched && sameAsOld, 'same', t('password.same'))}
      <label htmlFor={`${id}-repeat`}>{t('password.repeat')}</label>
      <input
        id={`${id}-repeat`}
        type="password"
        autoComplete="new-password"
        value={repeat}
        aria-invalid={(touched && mismatch) || undefined}
        aria-describedby={touched && mismatch ? `${id}-mismatch` : undefined}
        onChange={(e) => setRepeat(e.target.value)}
      />
      {error(touched && mismatch, 'mismatch', t('password.mismatch'))}
      {failure && !wrongCurrent && (
        <p role="alert" className="admin-form__error">
          {failure.code === 'sign_in_busy'
            ? t('signIn.busy')
            : (failure.error ?? t('errors.network'))}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={change.isPending}>
        {t('password.submit')}
      </button>
    </form>
  );
}
