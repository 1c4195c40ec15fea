/** The Storymade mark: an open book with a star. Decorative; the link around it carries the name. */
export function BrandMark() {
  return (
    <svg
      className="brand__mark"
      viewBox="0 0 48 40"
      width="40"
      height="34"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M24 10C18 5 10 4 3 6v28c7-2 15-1 21 4 6-5 14-6 21-4V6c-7-2-15-1-21 4z"
        fill="#fff3df"
        stroke="#0f5e63"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <path d="M24 10v28" stroke="#0f5e63" strokeWidth="2.5" />
      <path d="M36 12l1.8 3.7 4 .6-2.9 2.8.7 4-3.6-1.9-3.6 1.9.7-4-2.9-2.8 4-.6z" fill="#e8a23a" />
    </svg>
  );
}
