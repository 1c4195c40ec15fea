import { useTranslation } from 'react-i18next';
import { useSurvey } from './api/community-api.ts';

/** Bars drawn with CSS widths; each row also says its number, so nothing depends on seeing the bar. */
function Bar({
  label,
  value,
  max,
  text,
}: {
  label: string;
  value: number;
  max: number;
  text: string;
}) {
  return (
    <li className="admin-bar">
      <span className="admin-bar__label">{label}</span>
      <span className="admin-bar__track" aria-hidden="true">
        <span className="admin-bar__fill" style={{ width: `${max ? (value / max) * 100 : 0}%` }} />
      </span>
      <span className="admin-bar__value">{text}</span>
    </li>
  );
}

/** Survey answers: per option for questions 1-5, the average rank for question 6 (1 = most important). */
export function SurveyResults() {
  const { t, i18n } = useTranslation('admin');
  const { t: ts } = useTranslation('survey');
  const survey = useSurvey();
  if (survey.isPending) return <p className="loading">{t('loading')}</p>;
  if (survey.isError) return <p role="alert">{t('errors.load')}</p>;
  const s = survey.data;
  const optionLabel = (question: string, option: string) =>
    option === 'other'
      ? t('survey.other')
      : ts(`questions.${question}.options.${option}`, { defaultValue: option });
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  return (
    <section aria-labelledby="survey-title">
      <h2 id="survey-title">{t('survey.title')}</h2>
      <p>{t('survey.responses', { count: s.responses })}</p>
      <div className="admin-cards">
        {s.questions.map((q) => {
          const max = Math.max(0, ...q.options.map((o) => o.count));
          return (
            <article key={q.id} className="admin-card">
              <h3>{ts(`questions.${q.name}.label`, { defaultValue: q.name })}</h3>
              <p className="admin-muted">{t('survey.answered', { count: q.answered })}</p>
              <ul className="admin-bars">
                {q.options.map((o) => (
                  <Bar
                    key={o.option}
                    label={optionLabel(q.name, o.option)}
                    value={o.count}
                    max={max}
                    text={String(o.count)}
                  />
                ))}
              </ul>
            </article>
          );
        })}
        <article className="admin-card">
          <h3>{ts(`questions.${s.ranking.name}.label`, { defaultValue: s.ranking.name })}</h3>
          <p className="admin-muted">{t('survey.rankingHint', { count: s.ranking.answered })}</p>
          <ul className="admin-bars">
            {s.ranking.options.map((o) => (
              <Bar
                key={o.option}
                label={optionLabel(s.ranking.name, o.option)}
                value={o.averageRank === null ? 0 : 5 - o.averageRank}
                max={4}
                text={o.averageRank === null ? '–' : number.format(o.averageRank)}
              />
            ))}
          </ul>
        </article>
      </div>
    </section>
  );
}
