import { useTranslation } from 'react-i18next';
import { findOption } from '#book/catalogue.ts';

/** One asset name in words, in the interface language ('Curly, Brown'); an unknown name as it is. */
function useAssetWords() {
  const { t } = useTranslation('characters');
  return (asset: string): string => {
    const option = findOption(asset);
    if (!option) return asset;
    switch (option.category) {
      case 'hair':
        return `${t(`hair.styles.${option.styleKey}`)}, ${t(`hair.colours.${option.colour ?? ''}`)}`;
      case 'eyes':
        return t(`eyes.colours.${option.colour ?? ''}`);
      case 'skin':
        return t(`skin.tones.${option.style}`);
      case 'tshirt':
        return t(`clothing.tshirts.${option.style}`);
      case 'shorts':
        return t(`clothing.shortsOptions.${option.style}`);
      case 'accessories':
        return t(`accessories.options.${option.styleKey}`);
      default:
        return asset;
    }
  };
}

const FIELDS = [
  ['hair', 'editors.hair'],
  ['eyes', 'editors.eyes'],
  ['skin', 'editors.skin'],
  ['tshirt', 'clothing.tshirt'],
  ['shorts', 'clothing.shorts'],
] as const;

interface PersonalisationWordsProps {
  personalization: Record<string, unknown>;
}

/** A character's every choice in words (hair, eyes, skin, kit, accessories), with the asset names for the printer. */
export function PersonalisationWords({ personalization }: PersonalisationWordsProps) {
  const { t } = useTranslation('characters');
  const { t: ta } = useTranslation('admin');
  const words = useAssetWords();
  const accessories = Array.isArray(personalization.accessories)
    ? (personalization.accessories as unknown[]).filter((a): a is string => typeof a === 'string')
    : [];
  return (
    <dl className="admin-words">
      {FIELDS.filter(([field]) => typeof personalization[field] === 'string').map(
        ([field, label]) => (
          <div key={field}>
            <dt>{t(label)}</dt>
            <dd title={String(personalization[field])}>{words(String(personalization[field]))}</dd>
          </div>
        ),
      )}
      <div>
        <dt>{t('editors.accessories')}</dt>
        <dd>
          {accessories.length ? accessories.map(words).join(', ') : ta('order.noAccessories')}
        </dd>
      </div>
    </dl>
  );
}
