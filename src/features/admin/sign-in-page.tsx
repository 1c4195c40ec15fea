import { useNavigate, useSearch } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorBody } from './api/admin-fetch.ts';
import { useSignIn } from './api/session-api.ts';

/** The back office's sign-in: e-mail and password; one message for any wrong pair. */
export function SignInPage() {
  const { t } = useTranslation('admin');
  const id = useId();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { redirect?: unknown };
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const failure = signIn.error ? errorBody(signIn.error) : null;
  const message =
    failure?.status === 429
      ? t(failure.code === 'sign_in_busy' ? 'signIn.busy' : 'signIn.limited')
      : failure?.status === 401 || failure?.status === 400
        ? t('signIn.invalid')
        : failure
          ? t('errors.network')
          : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    signIn.mutate(
      { email, password },
      {
        onSuccess: (session) => {
          const redirect =
            typeof search.redirect === 'string' && search.redirect.startsWith('/admin')
              ? search.redirect
              : '/admin';
          void navigate({ to: session?.staff.mustChangePassword ? '/admin/password' : redirect });
        },
      },
    );
  }

  return (
    <div className="admin admin--center">
      <form
        className="admin-card admin-form"
        onSubmit={submit}
        noValidate
        aria-describedby={message ? `${id}-error` : undefined}
      >
        <h1>{t('signIn.title')}</h1>
        <label htmlFor={`${id}-email`}>{t('signIn.email')}</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <label htmlFor={`${id}-password`}>{t('signIn.password')}</label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {message && (
          <p id={`${id}-error`} role="alert" className="admin-form__error">
            {message}
          </p>
        )}
        <button
          type="submit"
          className="button button--primary"
          disabled={signIn.isPending || !email || !password}
        >
          {signIn.isPending ? t('signIn.working') : t('signIn.submit')}
        </button>
      </form>
    </div>
  );
}
