import { useTranslation } from 'react-i18next';

interface OrdersChartProps {
  days: { day: string; orders: number }[];
}

const WIDTH = 600;
const HEIGHT = 160;
const PAD = 24;

/** Paid orders per day as plain SVG bars, with the same numbers as a table for screen readers. */
export function OrdersChart({ days }: OrdersChartProps) {
  const { t, i18n } = useTranslation('admin');
  const max = Math.max(1, ...days.map((d) => d.orders));
  const slot = (WIDTH - PAD) / Math.max(1, days.length);
  const label = (day: string) => new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  return (
    <figure className="admin-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + 20}`} role="img" aria-labelledby="orders-chart-caption">
        <line x1={PAD} y1={HEIGHT} x2={WIDTH} y2={HEIGHT} stroke="currentColor" strokeWidth="1" />
        <text x={0} y={12} fontSize="11" fill="currentColor">
          {max}
        </text>
        <text x={0} y={HEIGHT} fontSize="11" fill="currentColor">
          0
        </text>
        {days.map((d, i) => {
          const h = (d.orders / max) * (HEIGHT - 16);
          return (
            <g key={d.day}>
              <rect x={PAD + i * slot + 2} y={HEIGHT - h} width={Math.max(2, slot - 4)} height={h} className="admin-chart__bar">
                <title>{`${label(d.day)}: ${d.orders}`}</title>
              </rect>
              {i % 7 === 0 && (
                <text x={PAD + i * slot} y={HEIGHT + 15} fontSize="11" fill="currentColor">
                  {label(d.day)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption id="orders-chart-caption">{t('dashboard.chartCaption', { count: days.reduce((s, d) => s + d.orders, 0) })}</figcaption>
      <details>
        <summary>{t('dashboard.chartTable')}</summary>
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t('dashboard.day')}</th>
              <th scope="col">{t('dashboard.orders')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <td>{label(d.day)}</td>
                <td>{d.orders}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
