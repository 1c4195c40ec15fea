import type { CoverType } from '#contract/catalogue.ts';

interface CoverPictureProps {
  format: CoverType;
}

/** A small drawing of each format for its card. Decorative: the card's text names the format. */
export function CoverPicture({ format }: CoverPictureProps) {
  return (
    <svg
      className="cover-choice__picture"
      viewBox="0 0 200 140"
      aria-hidden="true"
      focusable="false"
    >
      <ellipse cx="100" cy="128" rx="70" ry="7" fill="#1f2a37" opacity="0.12" />
      {format === 'hardcover' && <Hardcover />}
      {format === 'softcover' && <Softcover />}
      {format === 'layflat' && <Layflat />}
      {format === 'digital' && <Digital />}
    </svg>
  );
}

/** The cover art shared by the book drawings: sky, sun, a hill and a football. */
function CoverArt({
  x,
  y,
  width,
  height,
}: {
  x: number;
  y: number;
  width: number;
  height: number;
}) {
  const cx = x + width * 0.62;
  const cy = y + height * 0.66;
  const r = width * 0.13;
  return (
    <g>
      <rect x={x} y={y} width={width} height={height} rx="2" fill="#bfe3f0" />
      <circle cx={x + width * 0.28} cy={y + height * 0.26} r={width * 0.1} fill="#e8a23a" />
      <path
        d={`M${x} ${y + height * 0.72} Q${x + width * 0.5} ${y + height * 0.52} ${x + width} ${y + height * 0.7} V${y + height} H${x} Z`}
        fill="#5aa469"
      />
      <circle cx={cx} cy={cy} r={r} fill="#fff" stroke="#1f2a37" strokeWidth="1.2" />
      <path
        d={`M${cx} ${cy - r * 0.42} l${r * 0.4} ${r * 0.29} l${-r * 0.15} ${r * 0.47} h${-r * 0.5} l${-r * 0.15} ${-r * 0.47} Z`}
        fill="#1f2a37"
      />
    </g>
  );
}

function Hardcover() {
  return (
    <g>
      {/* page block seen past the front board */}
      <path d="M62 22 L146 22 L154 14 L70 14 Z" fill="#f4ead8" stroke="#b9ab96" strokeWidth="1" />
      <path
        d="M146 22 L154 14 L154 112 L146 120 Z"
        fill="#efe3cc"
        stroke="#b9ab96"
        strokeWidth="1"
      />
      {[0, 1, 2, 3, 4].map((i) => (
        <path
          key={i}
          d={`M${148 + i * 1.3} ${20 - i * 1.3} V${118 - i * 1.3}`}
          stroke="#d9ccb6"
          strokeWidth="0.6"
        />
      ))}
      {/* the front board with its spine */}
      <rect x="52" y="20" width="96" height="104" rx="4" fill="#0f5e63" />
      <rect x="52" y="20" width="12" height="104" rx="3" fill="#0b4a4e" />
      <path d="M64 20 V124" stroke="#093c40" strokeWidth="1.2" />
      <CoverArt x={72} y={30} width={68} height={64} />
      <rect x="72" y="102" width="50" height="5" rx="2.5" fill="#fff3df" />
      <rect x="72" y="111" width="32" height="4" rx="2" fill="#cfe8e6" />
      {/* matte sheen */}
      <path d="M52 24 Q100 18 148 30 V36 Q100 24 52 30 Z" fill="#fff" opacity="0.08" />
    </g>
  );
}

function Softcover() {
  return (
    <g>
      <path
        d="M148 24 L152 20 L152 120 L148 124 Z"
        fill="#efe3cc"
        stroke="#b9ab96"
        strokeWidth="1"
      />
      <path d="M56 24 L148 24 L152 20 L60 20 Z" fill="#f4ead8" stroke="#b9ab96" strokeWidth="1" />
      {/* a flexible cover with its bottom corner gently lifted */}
      <path d="M54 24 H148 V106 Q148 118 136 124 H54 Z" fill="#e8a23a" />
      <path d="M54 24 H60 V124 H54 Z" fill="#c9821f" />
      <CoverArt x={68} y={32} width={68} height={62} />
      <rect x="68" y="102" width="46" height="5" rx="2.5" fill="#1f2a37" opacity="0.75" />
      <path
        d="M148 106 Q148 118 136 124 Q140 112 148 106 Z"
        fill="#fff3df"
        stroke="#b9ab96"
        strokeWidth="0.8"
      />
    </g>
  );
}

function Layflat() {
  return (
    <g>
      {/* the block of thick pages under the open spread */}
      <path
        d="M22 104 L100 112 L178 104 L178 112 L100 121 L22 112 Z"
        fill="#efe3cc"
        stroke="#b9ab96"
        strokeWidth="1"
      />
      <path d="M22 108 L100 116.5 L178 108" fill="none" stroke="#d9ccb6" strokeWidth="0.8" />
      {/* one picture running across both pages with no gap in the middle */}
      <clipPath id="cover-choice-layflat">
        <path d="M30 30 L100 36 L170 30 L178 104 L100 112 L22 104 Z" />
      </clipPath>
      <g clipPath="url(#cover-choice-layflat)">
        <rect x="20" y="26" width="160" height="90" fill="#bfe3f0" />
        <circle cx="58" cy="52" r="10" fill="#e8a23a" />
        <path d="M20 88 Q80 62 140 80 T182 76 V120 H20 Z" fill="#5aa469" />
        <circle cx="118" cy="84" r="9" fill="#fff" stroke="#1f2a37" strokeWidth="1.2" />
        <path d="M118 80.2 l3.6 2.6 l-1.4 4.2 h-4.4 l-1.4 -4.2 Z" fill="#1f2a37" />
        <path
          d="M132 46 h22 M138 52 h16 M134 58 h20"
          stroke="#fff"
          strokeWidth="3"
          strokeLinecap="round"
          opacity="0.9"
        />
      </g>
      <path
        d="M30 30 L100 36 L170 30 L178 104 L100 112 L22 104 Z"
        fill="none"
        stroke="#b9ab96"
        strokeWidth="1"
      />
      {/* the flat centre: a hairline, not a fold */}
      <path d="M100 36 V112" stroke="#1f2a37" strokeWidth="0.6" opacity="0.25" />
    </g>
  );
}

function Digital() {
  return (
    <g>
      <rect x="46" y="14" width="108" height="114" rx="10" fill="#374151" />
      <rect x="54" y="22" width="92" height="96" rx="3" fill="#fff" />
      <CoverArt x={62} y={30} width={76} height={54} />
      <rect x="62" y="92" width="62" height="4" rx="2" fill="#b9ab96" />
      <rect x="62" y="100" width="70" height="4" rx="2" fill="#d6d3d1" />
      <rect x="62" y="108" width="48" height="4" rx="2" fill="#d6d3d1" />
      <circle cx="100" cy="123" r="2" fill="#6b7280" />
      {/* the PDF tag */}
      <rect x="128" y="8" width="40" height="20" rx="4" fill="#b4430f" />
      <text
        x="148"
        y="22.5"
        textAnchor="middle"
        fontFamily="system-ui, sans-serif"
        fontSize="12"
        fontWeight="700"
        fill="#fff"
      >
        PDF
      </text>
    </g>
  );
}
