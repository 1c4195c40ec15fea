// Every family the book is made for (issue #49): the eight family shapes, each drawn standing
// together by the book's renderer (scripts/make-marketing-images.ts) and named as the builder
// names them (common.json familyShapes). The home and product pages show it before a parent
// reaches the family choice, so a two-mums or a grandparents family sees the book is for them.
import { FAMILY_SHAPES } from '#book/family.ts';
import { useTranslation } from 'react-i18next';
import { marketingSet, srcSet } from './marketing-images.ts';
import './family-shapes.css';

/** `compact`: four small pictures a row at every width (beside the buy button on the product page). */
export function FamilyShapes({ label, compact = false }: { label: string; compact?: boolean }) {
  const { t, i18n } = useTranslation('common');
  const families = marketingSet(i18n.language).families;
  return (
    <ul className={`family-shapes${compact ? ' family-shapes--compact' : ''}`} aria-label={label}>
      {FAMILY_SHAPES.map((shape) => {
        const image = families[shape];
        const small = image.sources[0];
        return (
          <li key={shape} className="family-shapes__item">
            {/* the name says who is in the picture: the drawing is decoration */}
            <img
              src={small?.src}
              srcSet={srcSet(image)}
              sizes={compact ? '6rem' : '(min-width: 48rem) 11rem, 40vw'}
              width={small?.width}
              height={small?.height}
              alt=""
              loading="lazy"
              decoding="async"
            />
            <span className="family-shapes__name">{t(`familyShapes.${shape}`)}</span>
          </li>
        );
      })}
    </ul>
  );
}
