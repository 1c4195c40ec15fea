/** Five stars, `value` of them filled, read out as `label` (one image for screen readers). */
export function Stars({
  value,
  label,
  size = 18,
}: {
  value: number;
  label: string;
  size?: number;
}) {
  return (
    <span className="stars" role="img" aria-label={label}>
      {Array.from({ length: 5 }, (_, i) => (
        <svg
          key={i}
          viewBox="0 0 24 24"
          width={size}
          height={size}
          aria-hidden="true"
          focusable="false"
          className={i < Math.round(value) ? 'stars__on' : 'stars__off'}
        >
          <path
            d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
            fill="currentColor"
          />
        </svg>
      ))}
    </span>
  );
}
