// Small pictures for the option buttons: a lock of hair, an eye, a patch of skin, a T-shirt and
// shorts, all drawn in the book's own palette (book/art/palette.ts) so a button looks like what it
// chooses. Purely decorative: every button carries its name as text.

import {
  EYE_COLOURS,
  HAIR_COLOURS,
  KIT,
  OUTLINE,
  PUPIL,
  SKIN_TONES,
  WHITE,
  type EyeColourCode,
  type HairColourCode,
  type SkinToneId,
} from '#book/art/palette.ts';

const LINE = { stroke: OUTLINE, strokeLinejoin: 'round', strokeLinecap: 'round' } as const;

/** A round lock of hair with a shine, in one of the five hair colours. */
export function HairColourSwatch({ colour }: { colour: HairColourCode }) {
  const c = HAIR_COLOURS[colour];
  return (
    <svg className="swatch swatch--round" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="20" fill={c.base} strokeWidth="2" {...LINE} />
      <path
        d="M14 34 C 18 26, 18 18, 26 11"
        fill="none"
        stroke={c.shadow}
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      <path
        d="M22 39 C 26 31, 27 23, 35 16"
        fill="none"
        stroke={c.shadow}
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      <path
        d="M12.5 21 C 14 15.5, 18 11.5, 23 10"
        fill="none"
        stroke={c.shine}
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** An open eye with the iris in the chosen colour, a dark pupil and the white highlight. */
export function EyeColourSwatch({ colour }: { colour: EyeColourCode }) {
  return (
    <svg className="swatch swatch--wide" viewBox="0 0 64 44" aria-hidden="true" focusable="false">
      <path
        d="M5 23 C 14 8, 50 8, 59 23 C 50 37, 14 37, 5 23 Z"
        fill={WHITE}
        strokeWidth="2"
        {...LINE}
      />
      <circle cx="32" cy="22.5" r="11" fill={EYE_COLOURS[colour]} strokeWidth="1.5" {...LINE} />
      <circle cx="32" cy="22.5" r="5.2" fill={PUPIL} />
      <circle cx="28.3" cy="18.6" r="2.8" fill={WHITE} />
      <path d="M6 21.5 C 15 7, 49 7, 58 21.5" fill="none" strokeWidth="3.5" {...LINE} />
    </svg>
  );
}

/** A round patch of skin with its shadow on the lower right and a touch of blush. */
export function SkinToneSwatch({ tone }: { tone: SkinToneId }) {
  const s = SKIN_TONES[tone];
  return (
    <svg className="swatch swatch--round" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="20" fill={s.base} />
      <path d="M38.5 12 A 20 20 0 0 1 12 40.5 A 17 17 0 0 0 38.5 12 Z" fill={s.shadow} />
      <ellipse cx="17" cy="28" rx="4.5" ry="3" fill={s.blush} fillOpacity="0.55" />
      <circle cx="24" cy="24" r="20" fill="none" strokeWidth="2" {...LINE} />
    </svg>
  );
}

const TSHIRTS = { '1': KIT.tshirt1, '2': KIT.tshirt2 } as const;
const SHORTS = { '1': KIT.shorts1, '2': KIT.shorts2, '3': KIT.shorts3 } as const;

/** The football shirt: body, sleeves, collar and badge in the kit's colours. */
export function TshirtSwatch({ style }: { style: string }) {
  const k = TSHIRTS[style as keyof typeof TSHIRTS] ?? KIT.tshirt1;
  return (
    <svg className="swatch swatch--wide" viewBox="0 0 64 56" aria-hidden="true" focusable="false">
      <path
        d="M21 6 L11 10 L3 20 L10.5 27 L16 23 L16 49 Q16 52 19 52 L45 52 Q48 52 48 49 L48 23 L53.5 27 L61 20 L53 10 L43 6 Q38 12 32 12 Q26 12 21 6 Z"
        fill={k.base}
        strokeWidth="2.2"
        {...LINE}
      />
      <path d="M48 31 L48 49 Q48 52 45 52 L38 52 Q46 44 48 31 Z" fill={k.shadow} />
      <path
        d="M21.5 6.5 Q26 14 32 14 Q38 14 42.5 6.5"
        fill="none"
        stroke={k.trim}
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path
        d="M5 21.5 L10.5 26.5 M59 21.5 L53.5 26.5"
        fill="none"
        stroke={k.trim}
        strokeWidth="2.6"
        strokeLinecap="round"
      />
      <circle cx="39" cy="22" r="3.6" fill={k.trim} />
      <path
        d="M21 6 L11 10 L3 20 L10.5 27 L16 23 L16 49 Q16 52 19 52 L45 52 Q48 52 48 49 L48 23 L53.5 27 L61 20 L53 10 L43 6"
        fill="none"
        strokeWidth="2.2"
        {...LINE}
      />
    </svg>
  );
}

/** The football shorts with a waistband, in the kit's colours. */
export function ShortsSwatch({ style }: { style: string }) {
  const k = SHORTS[style as keyof typeof SHORTS] ?? KIT.shorts1;
  return (
    <svg className="swatch swatch--wide" viewBox="0 0 64 48" aria-hidden="true" focusable="false">
      <path
        d="M13 8 L51 8 L56.5 39 Q57 41 55 41 L37.5 41 Q36 41 35.6 39.5 L32 24 L28.4 39.5 Q28 41 26.5 41 L9 41 Q7 41 7.5 39 Z"
        fill={k.base}
        strokeWidth="2.2"
        {...LINE}
      />
      <path d="M51 14 L56 39 Q56.5 41 55 41 L48 41 Q53 30 51 14 Z" fill={k.shadow} />
      <path d="M13 8 L51 8 L52 14 L12 14 Z" fill={k.shadow} strokeWidth="2" {...LINE} />
      <path d="M32 14 L32 24" fill="none" strokeWidth="1.8" {...LINE} />
    </svg>
  );
}

/** A grown-up's top in a clothes colour (a dad's polo shape, a mum's rounded neck). */
export function ClothesColourSwatch({ colour, top }: { colour: string; top: 'dad' | 'mum' }) {
  return (
    <svg className="swatch swatch--wide" viewBox="0 0 64 56" aria-hidden="true" focusable="false">
      <path
        d="M21 6 L9 11 L3 24 L11 28 L16 22 L16 49 Q16 52 19 52 L45 52 Q48 52 48 49 L48 22 L53 28 L61 24 L55 11 L43 6 Q38 13 32 13 Q26 13 21 6 Z"
        fill={colour}
        strokeWidth="2.2"
        {...LINE}
      />
      {top === 'dad' ? (
        <path d="M24 7 L32 16 L40 7 M32 16 L32 27" fill="none" strokeWidth="2" {...LINE} />
      ) : (
        <path d="M22 7 Q32 19 42 7" fill="none" strokeWidth="2" {...LINE} />
      )}
    </svg>
  );
}

/** The tick in the corner of a chosen option. */
export function CheckBadge() {
  return (
    <svg className="option__check" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill="currentColor" />
      <path
        d="M6.8 12.4 L10.4 16 L17.4 8.6"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Magnifier with a plus (zoom in) or a minus (zoom out). */
export function ZoomIcon({ direction }: { direction: 'in' | 'out' }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <path
        d="M15.5 15.5 L20.5 20.5"
        stroke="currentColor"
        strokeWidth="2.6"
        strokeLinecap="round"
      />
      <path d="M7.5 10.5 H13.5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      {direction === 'in' && (
        <path d="M10.5 7.5 V13.5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      )}
    </svg>
  );
}
