import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidEmail } from '#contract/email.ts';
import type { PersonalDataErasure, PersonalDataExport } from '#contract/personal-data.ts';
import { errorBody } from './api/admin-fetch.ts';
import { useErasePersonalData, useExportPersonalData } from './api/personal-data-api.ts';
import { useSession } from './api/session-api.ts';

/** Saves the export as a JSON file in the browser's downloads. */
function saveJson(data: PersonalDataExport): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `storymade-personal-data-${data.exportedAt.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function Summary({ rows }: { rows: [string, string | number][] }) {
  return (
    <dl className="admin-facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Owners answer a parent's request to see or erase their data (GDPR art. 15 and 17): one address,
 * 'Download data' saves everything the shop holds as JSON, 'Erase data' asks once more before it
 * erases. Both are written to the audit log by the server.
 */
export function PersonalDataPage() {
  const { t } = useTranslation('admin');
  const id = useId();
  const session = useSession();
  const exporter = useExportPersonalData();
  const eraser = useErasePersonalData();
  const [email, setEmail] = useState('');
  const [checked, setChecked] = useState(false);
  /** The address an erasure waits to be confirmed for. */
  const [confirming, setConfirming] = useState<string | null>(null);
  const [done, setDone] = useState<{
    email: string;
    exported?: PersonalDataExport;
    erased?: PersonalDataErasure;
  } | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const eraseRef = useRef<HTMLButtonElement>(null);

  const invalid = checked && !isValidEmail(email);
  const failure = exporter.error ?? eraser.error;
  const serverSaysInvalid = failure ? errorBody(failure).fields?.email !== undefined : false;
  const busy = exporter.isPending || eraser.isPending;

  useEffect(() => {
    // The question is the group's name, read out with the safe answer that has the focus.
    if (confirming) cancelRef.current?.focus();
  }, [confirming]);

  /** True when the address can be sent; otherwise shows the error and moves focus to the field. */
  function ready(): boolean {
    setChecked(true);
    if (isValidEmail(email)) return true;
    emailRef.current?.focus();
    return false;
  }

  function download(event: FormEvent) {
    event.preventDefault();
    if (!ready()) return;
    const address = email.trim();
    setConfirming(null);
    setDone(null);
    eraser.reset();
    exporter.mutate(
      { email: address },
      {
        onSuccess: (data) => {
          saveJson(data);
          setDone({ email: address, exported: data });
        },
      },
    );
  }

  function askToErase() {
    if (!ready()) return;
    setDone(null);
    exporter.reset();
    eraser.reset();
    setConfirming(email.trim());
  }

  function cancel() {
    setConfirming(null);
    eraseRef.current?.focus();
  }

  function cancelOnEscape(event: KeyboardEvent) {
    if (event.key === 'Escape') cancel();
  }

  function erase() {
    if (!confirming) return;
    const address = confirming;
    eraser.mutate(
      { email: address },
      {
        onSuccess: (data) => setDone({ email: address, erased: data }),
        onSettled: () => {
          setConfirming(null);
          eraseRef.current?.focus();
        },
      },
    );
  }

  const yesNo = (value: boolean) => (value ? t('personalData.yes') : t('personalData.no'));

  if (session.data && session.data.staff.role !== 'owner') {
    return (
      <section aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{t('personalData.title')}</h1>
        <p>{t('personalData.ownerOnly')}</p>
      </section>
    );
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t('personalData.title')}</h1>
      <p>{t('personalData.intro')}</p>
      <form className="admin-card admin-form" onSubmit={download} noValidate>
        <label htmlFor={`${id}-email`}>{t('personalData.email')}</label>
        <input
          ref={emailRef}
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setConfirming(null);
          }}
          aria-invalid={invalid || serverSaysInvalid || undefined}
          aria-describedby={invalid || serverSaysInvalid ? `${id}-email-error` : `${id}-hint`}
        />
        {(invalid || serverSaysInvalid) && (
          <p id={`${id}-email-error`} className="admin-form__error">
            {t('personalData.invalidEmail')}
          </p>
        )}
        <p id={`${id}-hint`} className="admin-form__hint">
          {t('personalData.eraseHint')}
        </p>
        <div className="admin-actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {exporter.isPending ? t('personalData.downloading') : t('personalData.download')}
          </button>
          <button
            ref={eraseRef}
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={askToErase}
          >
            {t('personalData.erase')}
          </button>
        </div>
      </form>

      {confirming && (
        <div
          role="group"
          aria-labelledby={`${id}-confirm`}
          aria-describedby={`${id}-confirm-explain`}
          className="admin-card admin-confirm"
        >
          <p id={`${id}-confirm`}>
            <strong>{t('personalData.confirmQuestion', { email: confirming })}</strong>
          </p>
          <p id={`${id}-confirm-explain`}>{t('personalData.confirmExplain')}</p>
          <div className="admin-actions">
            <button
              type="button"
              className="button button--primary"
              disabled={eraser.isPending}
              onClick={erase}
              onKeyDown={cancelOnEscape}
            >
              {eraser.isPending ? t('personalData.erasing') : t('personalData.confirmErase')}
            </button>
            <button
              ref={cancelRef}
              type="button"
              className="button button--secondary"
              disabled={eraser.isPending}
              onClick={cancel}
              onKeyDown={cancelOnEscape}
            >
              {t('personalData.cancel')}
            </button>
          </div>
        </div>
      )}

      <div role="status">
        {done?.exported && (
          <div className="admin-card">
            <p>{t('personalData.exported', { email: done.email })}</p>
            <Summary
              rows={[
                [t('personalData.summary.orders'), done.exported.orders.length],
                [t('personalData.summary.newsletter'), yesNo(done.exported.newsletter !== null)],
                [t('personalData.summary.messages'), done.exported.contactMessages.length],
                [t('personalData.summary.mails'), done.exported.mails.length],
              ]}
            />
          </div>
        )}
        {done?.erased && (
          <div className="admin-card">
            <p>{t('personalData.erasedTitle', { email: done.email })}</p>
            <Summary
              rows={[
                [t('personalData.erased.anonymised'), done.erased.ordersAnonymised],
                [t('personalData.erased.deleted'), done.erased.ordersDeleted],
                [t('personalData.erased.newsletter'), yesNo(done.erased.newsletterRemoved)],
                [t('personalData.erased.messages'), done.erased.messagesDeleted],
                [t('personalData.erased.mails'), done.erased.mailsDeleted],
              ]}
            />
            {done.erased.ordersKept.length > 0 && (
              <>
                <p>{t('personalData.kept')}</p>
                <ul>
                  {done.erased.ordersKept.map((order) => (
                    <li key={`${order.orderNumber ?? ''}-${order.status}`}>
                      {order.orderNumber ?? t('personalData.unpaidOrder')} (
                      {t(`status.${order.status}`, { defaultValue: order.status })})
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
      </div>
      {failure && !serverSaysInvalid && (
        <p role="alert" className="admin-form__error">
          {t('errors.network')}
        </p>
      )}
    </section>
  );
}
