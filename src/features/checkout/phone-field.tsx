import { useMemo } from 'react';
import PhoneInput, { getCountries, type Country } from 'react-phone-number-input';
import 'react-phone-number-input/style.css';
import { useTranslation } from 'react-i18next';
import { PHONE_MAX_LENGTH } from '#contract/checkout.ts';
import type { Language } from '#src/lib/languages.ts';
import * as FLAGS from './delivery-flags.ts';
import { FieldShell, describedBy } from './text-field.tsx';

function Flag({ country, countryName }: { country: Country; countryName: string }) {
  const Svg = (FLAGS as Partial<Record<Country, (typeof FLAGS)['LV']>>)[country];
  if (Svg) return <Svg title={countryName} aria-hidden="true" />;
  return (
    <span className="phone-flag-code" aria-hidden="true">
      {country}
    </span>
  );
}

interface PhoneFieldProps {
  id: string;
  value: string;
  defaultCountry: Country;
  language: Language;
  error: string | null;
  disabled: boolean;
  onValue: (value: string) => void;
}

/**
 * The contact phone (react-phone-number-input, built on libphonenumber-js like the server's check):
 * a country select with the market's country first chosen, and the number, kept in international
 * form (`+371…`). Country names in the interface language.
 */
export function PhoneField({
  id,
  value,
  defaultCountry,
  language,
  error,
  disabled,
  onValue,
}: PhoneFieldProps) {
  const { t } = useTranslation('checkout');
  const labels = useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    const entries = getCountries().map((code) => [code, names.of(code) ?? code]);
    return {
      ...Object.fromEntries(entries),
      ZZ: t('contact.international'),
      country: t('contact.phoneCountry'),
      phone: t('contact.phone'),
    };
  }, [language, t]);
  return (
    <FieldShell id={id} label={t('contact.phone')} error={error}>
      <PhoneInput
        id={id}
        className="phone-input"
        value={value || undefined}
        onChange={(next) => onValue(next ?? '')}
        defaultCountry={defaultCountry}
        labels={labels}
        flagComponent={Flag}
        autoComplete="tel"
        maxLength={PHONE_MAX_LENGTH}
        readOnly={disabled}
        required
        {...describedBy(id, error)}
      />
    </FieldShell>
  );
}
