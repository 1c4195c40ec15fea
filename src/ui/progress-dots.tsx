import { useTranslation } from 'react-i18next';
import { PROGRESS_STEPS, type ProgressStep } from './flow-paths.ts';
import './progress-dots.css';

interface ProgressDotsProps {
  current: ProgressStep;
}

/** The dots above the personalisation steps: done, current and coming steps. */
export function ProgressDots({ current }: ProgressDotsProps) {
  const { t } = useTranslation();
  const index = PROGRESS_STEPS.indexOf(current);
  return (
    <nav className="progress-dots" aria-label={t('progress.label')}>
      <ol>
        {PROGRESS_STEPS.map((step, i) => {
          const state = i < index ? 'done' : i === index ? 'current' : 'todo';
          return (
            <li
              key={step}
              className={`progress-dots__step progress-dots__step--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="progress-dots__dot" aria-hidden="true" />
              <span className="progress-dots__label">{t(`progress.${step}`)}</span>
            </li>
          );
        })}
      </ol>
      <p className="visually-hidden">
        {t('progress.step', {
          current: index + 1,
          total: PROGRESS_STEPS.length,
          name: t(`progress.${current}`),
        })}
      </p>
    </nav>
  );
}
