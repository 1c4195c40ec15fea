import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import {
  REVIEW_CITY_MAX,
  REVIEW_FIELD_MESSAGES,
  REVIEW_NAME_MAX,
  REVIEW_TEXT_LENGTH,
  ReviewSubmissionSchema,
  type ReviewFormInfo,
} from '#contract/reviews.ts';
import { collectFieldErrors } from '#contract/field-errors.ts';
import { UNPRINTABLE_MESSAGE } from '#contract/text.ts';
import { isFetchError } from '#src/lib/api.ts';
import { fetchReviewForm, sendReview } from './api/review-form-api.ts';
import { photoForUpload } from './photo-upload.ts';
import { StarRatingInput } from './star-rating-input.tsx';
import './reviews.css';

type Field = 'rating' | 'text' | 'firstName' | 'city' | 'photo' | 'acceptTerms';
type Problems = Partial<Record<Field, string>>;

/** The server's (and the contract's) English message -> the form's words for it. */
const MESSAGE_KEYS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(REVIEW_FIELD_MESSAGES).map(([key, text]) => [text, key])),
  [UNPRINTABLE_MESSAGE]: 'unprintable',
};

const FIELDS: readonly string[] = ['rating', 'text', 'firstName', 'city', 'photo', 'acceptTerms'];

function problemsOf(fields: Record<string, string[]> | undefined): Problems {
  const problems: Problems = {};
  for (const [path, messages] of Object.entries(fields ?? {})) {
    const field = path.split('.')[0] ?? '';
    if (!FIELDS.includes(field)) continue;
    const message = messages[0] ?? '';
    const key = Object.hasOwn(MESSAGE_KEYS, message) ? MESSAGE_KEYS[message]! : 'failed';
    problems[field as Field] ??= key;
  }
  return problems;
}

type Stage =
  'loading' | 'invalid' | 'reviewed' | 'stopped' | 'closed' | 'open' | 'sending' | 'sent';

/** The form's stage for the server's 409 code (contract/reviews.ts REVIEW_REFUSALS). */
const REFUSED_STAGE: Record<string, Stage> = {
  already_reviewed: 'reviewed',
  review_stopped: 'stopped',
  order_not_kept: 'closed',
};

/**
 * /review/$token: the form behind the review request mail's link. Stars (a radio group), the text,
 * an optional first name, town and photo of the book, and the review terms. The server checks
 * everything again; its field errors show under the fields.
 */
export function ReviewFormPage({ token }: { token: string }) {
  const { t } = useTranslation('reviews');
  const id = useId();
  const [stage, setStage] = useState<Stage>('loading');
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [firstName, setFirstName] = useState('');
  const [city, setCity] = useState('');
  const [photo, setPhoto] = useState<{ name: string; base64: string } | null>(null);
  const [accepted, setAccepted] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<'limited' | 'failed' | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    fetchReviewForm(token)
      .then((info: ReviewFormInfo) => live && setStage(info.state))
      .catch(() => live && setStage('invalid'));
    return () => {
      live = false;
    };
  }, [token]);

  // A field's error goes once the buyer changes that field (the next send checks again).
  const edited =
    <T,>(field: Field, set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setProblems(({ [field]: _, ...rest }) => rest);
    };
  const problem = (field: Field) => (problems[field] ? t(`form.errors.${problems[field]}`) : null);
  const errorId = (field: Field) => `${id}-${field}-error`;

  const onPhoto = async (file: File | undefined) => {
    setProblems(({ photo: _, ...rest }) => rest);
    if (!file) return setPhoto(null);
    const choice = await photoForUpload(file);
    if ('problem' in choice) {
      setPhoto(null);
      setProblems((current) => ({ ...current, photo: choice.problem }));
      return;
    }
    setPhoto({ name: file.name, base64: choice.base64 });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const review = {
      rating: rating ?? 0,
      text,
      firstName,
      city,
      photo: photo?.base64 ?? null,
      acceptTerms: accepted as true,
    };
    const checked = v.safeParse(ReviewSubmissionSchema, review);
    if (!checked.success) {
      const fields = collectFieldErrors();
      for (const issue of checked.issues) fields.add(v.getDotPath(issue) ?? 'body', issue.message);
      setProblems(problemsOf(fields.toObject()));
      return;
    }
    setProblems({});
    setStage('sending');
    try {
      await sendReview(token, review);
      setStage('sent');
    } catch (error) {
      setStage('open');
      if (!isFetchError(error)) return setFailure('failed');
      if (error.status === 409) {
        const code = (error.data as { code?: string } | undefined)?.code ?? '';
        return setStage(Object.hasOwn(REFUSED_STAGE, code) ? REFUSED_STAGE[code]! : 'reviewed');
      }
      if (error.status === 404) return setStage('invalid');
      if (error.status === 429) return setFailure('limited');
      const fields = (error.data as { fields?: Record<string, string[]> } | undefined)?.fields;
      if (error.status === 400 && fields) return setProblems(problemsOf(fields));
      setFailure('failed');
    }
  };

  if (stage === 'loading')
    return (
      <p className="review-page" role="status">
        <span className="spinner" aria-hidden="true" />
      </p>
    );
  if (stage !== 'open' && stage !== 'sending') {
    const message = {
      invalid: 'form.invalid',
      reviewed: 'form.already',
      stopped: 'form.stopped',
      closed: 'form.closed',
      sent: 'form.sent',
    }[stage];
    return (
      <div className="review-page">
        <h1>{t('form.title')}</h1>
        <p role={stage === 'invalid' ? 'alert' : 'status'}>{t(message)}</p>
        <Link to="/" className="button button--primary">
          {t('form.home')}
        </Link>
      </div>
    );
  }

  const count = Object.keys(problems).length;
  const describedBy = (field: Field, hint?: string) =>
    [hint, problems[field] ? errorId(field) : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className="review-page">
      <h1>{t('form.title')}</h1>
      <p>{t('form.intro')}</p>
      <form className="review-form" noValidate onSubmit={onSubmit}>
        <p className="review-form__note">{t('form.required')}</p>
        <StarRatingInput
          value={rating}
          onChange={edited('rating', setRating)}
          error={problem('rating')}
          errorId={errorId('rating')}
        />
        <div className="review-form__field">
          <label htmlFor={`${id}-text`}>{t('form.text')} *</label>
          <textarea
            id={`${id}-text`}
            rows={6}
            value={text}
            maxLength={REVIEW_TEXT_LENGTH.max}
            required
            aria-invalid={problems.text ? true : undefined}
            aria-describedby={describedBy('text', `${id}-text-hint`)}
            onChange={(event) => edited('text', setText)(event.target.value)}
          />
          <p id={`${id}-text-hint`} className="review-form__hint">
            {t('form.textHint')}
          </p>
          {problems.text && (
            <p id={errorId('text')} className="field-error">
              {problem('text')}
            </p>
          )}
        </div>
        <div className="review-form__pair">
          <div className="review-form__field">
            <label htmlFor={`${id}-name`}>{t('form.firstName')}</label>
            <input
              id={`${id}-name`}
              type="text"
              autoComplete="given-name"
              value={firstName}
              maxLength={REVIEW_NAME_MAX}
              aria-invalid={problems.firstName ? true : undefined}
              aria-describedby={describedBy('firstName', `${id}-name-hint`)}
              onChange={(event) => edited('firstName', setFirstName)(event.target.value)}
            />
            {problems.firstName && (
              <p id={errorId('firstName')} className="field-error">
                {problem('firstName')}
              </p>
            )}
          </div>
          <div className="review-form__field">
            <label htmlFor={`${id}-city`}>{t('form.city')}</label>
            <input
              id={`${id}-city`}
              type="text"
              autoComplete="address-level2"
              value={city}
              maxLength={REVIEW_CITY_MAX}
              aria-invalid={problems.city ? true : undefined}
              aria-describedby={describedBy('city', `${id}-name-hint`)}
              onChange={(event) => edited('city', setCity)(event.target.value)}
            />
            {problems.city && (
              <p id={errorId('city')} className="field-error">
                {problem('city')}
              </p>
            )}
          </div>
        </div>
        <p id={`${id}-name-hint`} className="review-form__hint">
          {t('form.nameHint')}
        </p>
        <div className="review-form__field">
          <label htmlFor={`${id}-photo`}>{t('form.photo')}</label>
          <input
            ref={fileInput}
            id={`${id}-photo`}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-invalid={problems.photo ? true : undefined}
            aria-describedby={describedBy('photo', `${id}-photo-hint`)}
            onChange={(event) => void onPhoto(event.target.files?.[0])}
          />
          <p id={`${id}-photo-hint`} className="review-form__hint">
            {t('form.photoHint')}
          </p>
          {photo && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setPhoto(null);
                if (fileInput.current) fileInput.current.value = '';
              }}
            >
              {t('form.photoRemove')}
            </button>
          )}
          {problems.photo && (
            <p id={errorId('photo')} className="field-error">
              {problem('photo')}
            </p>
          )}
        </div>
        <div className="review-form__check">
          <input
            id={`${id}-terms`}
            type="checkbox"
            checked={accepted}
            aria-invalid={problems.acceptTerms ? true : undefined}
            aria-describedby={problems.acceptTerms ? errorId('acceptTerms') : undefined}
            onChange={(event) => edited('acceptTerms', setAccepted)(event.target.checked)}
          />
          <label htmlFor={`${id}-terms`}>{t('form.terms')} *</label>
        </div>
        <p className="review-form__terms-link">
          <a href="/ugc-terms" target="_blank" rel="noopener">
            {t('form.termsLink')}
          </a>
        </p>
        {problems.acceptTerms && (
          <p id={errorId('acceptTerms')} className="field-error">
            {problem('acceptTerms')}
          </p>
        )}
        <div role="alert" className="review-form__alert">
          {failure && <p className="error-box">{t(`form.errors.${failure}`)}</p>}
          {!failure && count > 0 && (
            <p className="visually-hidden">{t('form.errors.summary', { count })}</p>
          )}
        </div>
        <button
          type="submit"
          className="button button--primary button--large"
          disabled={stage === 'sending'}
        >
          {stage === 'sending' ? t('form.sending') : t('form.submit')}
        </button>
      </form>
    </div>
  );
}
