import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface OrdersChartProps {
  days: { day: string; orders: number }[];
}

const HEIGHT = 160;
const PAD = 24;
/** About the width of a day's label ('25 Oct') at 12 px: one that would not fit is left out. */
const LABEL_WIDTH = 44;

/** The chart's width in CSS pixels, so its labels keep their size on a phone and on a laptop. */
function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      setWidth(Math.max(240, Math.round(element.clientWidth))),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** Paid orders per day as plain SVG bars, with the same numbers as a table for screen readers. */
export function OrdersChart({ days }: OrdersChartProps) {
  const { t, i18n } = useTranslation('admin');
  const [figure, width] = useWidth<HTMLElement>(600);
  const max = Math.max(1, ...days.map((d) => d.orders));
  const slot = (width - PAD) / Math.max(1, days.length);
  const label = (day: string) =>
    new Intl.DateTimeFormat(i18n.language, {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }).format(new Date(`${day}T00:00:00Z`));
  return (
    <figure className="admin-chart" ref={figure}>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT + 20}`}
        role="img"
        aria-labelledby="orders-chart-caption"
      >
        <line x1={PAD} y1={HEIGHT} x2={width} y2={HEIGHT} stroke="currentColor" strokeWidth="1" />
        <text x={0} y={12} fontSize="12" fill="currentColor">
          {max}
        </text>
        <text x={0} y={HEIGHT} fontSize="12" fill="currentColor">
          0
        </text>
        {days.map((d, i) => {
          const h = (d.orders / max) * (HEIGHT - 16);
          return (
            <g key={d.day}>
              <rect
                x={PAD + i * slot + 2}
                y={HEIGHT - h}
                width={Math.max(2, slot - 4)}
                height={h}
                className="admin-chart__bar"
              >
                <title>{`${label(d.day)}: ${d.orders}`}</title>
              </rect>
              {i % 7 === 0 && PAD + i * slot + LABEL_WIDTH <= width && (
                <text x={PAD + i * slot} y={HEIGHT + 15} fontSize="12" fill="currentColor">
                  {label(d.day)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption id="orders-chart-caption">
        {t('dashboard.chartCaption', { count: days.reduce((s, d) => s + d.orders, 0) })}
      </figcaption>
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
