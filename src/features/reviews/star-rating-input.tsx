import { useTranslation } from 'react-i18next';

interface StarRatingInputProps {
  value: number | null;
  onChange: (value: number) => void;
  error: string | null;
  errorId: string;
}

/**
 * Stars 1-5 as a native radio group in a fieldset: arrow keys move between the stars, each star
 * is read out as 'N stars', the legend names the group. The stars up to the chosen one fill.
 */
export function StarRatingInput({ value, onChange, error, errorId }: StarRatingInputProps) {
  const { t } = useTranslation('reviews');
  return (
    <fieldset
      className="star-input"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>{t('form.stars')} *</legend>
      <div className="star-input__stars">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={value !== null && n <= value ? 'star-input__on' : undefined}>
            <input
              type="radio"
              name="rating"
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="visually-hidden"
            />
            <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true" focusable="false">
              <path
                d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
                fill="currentColor"
              />
            </svg>
            <span className="visually-hidden">{t('form.star', { count: n })}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
