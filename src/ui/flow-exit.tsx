import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '#src/lib/storage.ts';
import { QuestionDialog } from './question-dialog.tsx';
import { isFlowPath } from './flow-paths.ts';
import './flow-exit.css';

const RETURN_KEY = 'flowReturnTo';
const SNAPSHOT_KEY = 'flowDraftAtEntry';

// Without session storage (private mode) leaving goes home and always asks.
const read = (key: string) => session.get(key);
const write = (key: string, value: string) => void session.set(key, value);

/** The session key of the draft a builder path works on: the book name or the order item id. */
function draftKeyOf(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  return decodeURIComponent(segments[segments.length - 1] ?? '');
}

/**
 * Remembers where the parent was before the builder (the last page outside it) and what the draft
 * looked like when they came in, so the builder's close control can go back there and ask first
 * only when something changed. Call on every path change (the root layout does).
 */
export function useFlowEntry(pathname: string, search: string): void {
  const wasInFlow = useRef<boolean | null>(null);
  // The draft is looked for again every 200 ms while it loads; not after the app is gone.
  const retry = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(retry.current), []);
  useEffect(() => {
    const inFlow = isFlowPath(pathname);
    if (!inFlow && !pathname.startsWith('/personalizeTest')) write(RETURN_KEY, pathname + search);
    if (inFlow && wasInFlow.current !== true) {
      // Entering the builder: keep the draft as it is now (it may still be loading for an edit).
      const key = draftKeyOf(pathname);
      let tries = 0;
      const take = () => {
        const draft = read(key);
        if (draft !== null || tries++ > 25) write(SNAPSHOT_KEY, JSON.stringify({ key, draft }));
        else retry.current = window.setTimeout(take, 200);
      };
      take();
    }
    wasInFlow.current = inFlow;
  }, [pathname, search]);
}

/** True when the draft differs from what it was when the parent entered the builder. */
function hasUnsavedChanges(pathname: string): boolean {
  const key = draftKeyOf(pathname);
  const now = read(key);
  try {
    const entry = JSON.parse(read(SNAPSHOT_KEY) ?? 'null') as {
      key: string;
      draft: string | null;
    } | null;
    if (!entry || entry.key !== key) return now !== null;
    return entry.draft !== now;
  } catch {
    return now !== null;
  }
}

/**
 * The builder's way out: a close control on every step. It returns to where the parent came from
 * (the home page when unknown), asking first in a dialog when the book has changes that are not in
 * the cart.
 */
export function FlowExit({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const leave = () => {
    setAsking(false);
    void router.navigate({ href: read(RETURN_KEY) ?? '/' });
  };
  return (
    <>
      <button
        type="button"
        className="flow-exit"
        aria-label={t('flowExit.label')}
        onClick={() => (hasUnsavedChanges(pathname) ? setAsking(true) : leave())}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M6 6l12 12M18 6L6 18"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
          />
        </svg>
        <span aria-hidden="true">{t('flowExit.close')}</span>
      </button>
      {asking && <LeaveDialog onLeave={leave} onStay={() => setAsking(false)} />}
    </>
  );
}

function LeaveDialog({ onLeave, onStay }: { onLeave: () => void; onStay: () => void }) {
  const { t } = useTranslation();
  return (
    <QuestionDialog
      title={t('flowExit.title')}
      text={t('flowExit.text')}
      confirm={t('flowExit.leave')}
      cancel={t('flowExit.stay')}
      onConfirm={onLeave}
      onCancel={onStay}
    />
  );
}
