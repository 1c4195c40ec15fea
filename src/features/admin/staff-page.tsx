import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type StaffRole } from '#contract/admin.ts';
import { errorBody } from './api/admin-fetch.ts';
import { useSession } from './api/session-api.ts';
import { useAddStaff, useRemoveStaff, useStaff } from './api/staff-api.ts';
import { AdminTable, QueryView } from './admin-table.tsx';
import { formatDate } from './format.ts';

/** Owners add and remove accounts; a new account's one-time password is shown once. */
export function StaffPage() {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  const session = useSession();
  const staff = useStaff();
  const add = useAddStaff();
  const remove = useRemoveStaff();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('staff');
  const addFailure = add.error ? errorBody(add.error) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    add.mutate({ email, role }, { onSuccess: () => setEmail('') });
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t('staff.title')}</h1>
      <QueryView query={staff}>
        {(data) => (
          <AdminTable
            scroll={false}
            columns={[
              t('staff.email'),
              t('staff.role'),
              t('staff.since'),
              <span className="visually-hidden">{t('staff.actions')}</span>,
            ]}
          >
            {data.map((member) => (
              <tr key={member.id}>
                <td>
                  {member.email}{' '}
                  {member.mustChangePassword && (
                    <span className="admin-muted">{t('staff.oneTime')}</span>
                  )}
                </td>
                <td>{t(`roles.${member.role}`)}</td>
                <td>{formatDate(member.createdAt, i18n.language)}</td>
                <td>
                  {member.id !== session.data?.staff.id && (
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      disabled={remove.isPending}
                      onClick={() => {
                        if (window.confirm(t('staff.removeConfirm', { email: member.email })))
                          remove.mutate(member.id);
                      }}
                    >
                      {t('staff.remove', { email: member.email })}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </QueryView>
      {remove.isError && (
        <p role="alert" className="admin-form__error">
          {errorBody(remove.error).status === 409 ? t('staff.lastOwner') : t('errors.network')}
        </p>
      )}
      <form className="admin-card admin-form" onSubmit={submit} noValidate>
        <h2>{t('staff.add')}</h2>
        <label htmlFor={`${id}-email`}>{t('staff.email')}</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={Boolean(addFailure?.fields?.email) || undefined}
          aria-describedby={addFailure?.fields?.email ? `${id}-email-error` : undefined}
        />
        {addFailure?.fields?.email && (
          <p id={`${id}-email-error`} className="admin-form__error">
            {addFailure.status === 409 ? t('staff.exists') : t('staff.invalidEmail')}
          </p>
        )}
        <fieldset>
          <legend>{t('staff.role')}</legend>
          {STAFF_ROLES.map((r) => (
            <label key={r} className="admin-radio">
              <input
                type="radio"
                name={`${id}-role`}
                value={r}
                checked={role === r}
                onChange={() => setRole(r)}
              />{' '}
              {t(`roles.${r}`)} – {t(`staff.roleHint.${r}`)}
            </label>
          ))}
        </fieldset>
        <button
          type="submit"
          className="button button--primary"
          disabled={add.isPending || !email.trim()}
        >
          {t('staff.addButton')}
        </button>
        {add.isSuccess && (
          <div role="status" className="admin-secret">
            <p>{t('staff.added', { email: add.data.staff.email })}</p>
            <p>
              {t('staff.oneTimePassword')} <code>{add.data.oneTimePassword}</code>
            </p>
            <p className="admin-muted">{t('staff.shownOnce')}</p>
          </div>
        )}
      </form>
    </section>
  );
}
