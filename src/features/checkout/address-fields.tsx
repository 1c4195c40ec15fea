import { useTranslation } from 'react-i18next';
import type { Country } from '#contract/catalogue.ts';
import {
  ADDRESS_MAX_LENGTH,
  canonicalRegion,
  COUNTRY,
  needsProvince,
  normalizePostcode,
  regionsOf,
} from '#contract/checkout.ts';
import { provinceCountry } from '#contract/regions.ts';
import type {
  AddressForm,
  AddressKind,
  FieldPath,
  FieldProblems,
} from '#machines/checkout-form.ts';
import type { Language } from '#src/lib/languages.ts';
import { FieldShell, TextField, describedBy } from './text-field.tsx';
import { fieldId } from './use-checkout.ts';

interface AddressFieldsProps {
  kind: AddressKind;
  address: AddressForm;
  countries: Country[] | undefined;
  language: Language;
  problems: FieldProblems;
  disabled: boolean;
  onField: (path: FieldPath, value: string) => void;
}

/**
 * The autofill section and token of an address: a gift's recipient is a shipping address of its
 * own section (the browser never fills it with the buyer's address).
 */
function autofillSection(kind: AddressKind): { name: string; token: 'shipping' | 'billing' } {
  if (kind === 'gift.recipient') return { name: 'recipient', token: 'shipping' };
  return kind === 'shippingAddress'
    ? { name: 'shipping', token: 'shipping' }
    : { name: 'billing', token: 'billing' };
}

/** Before the country list has loaded: the market countries by their ISO codes, so the select has its default. */
const KNOWN_CODES: Record<number, string> = Object.fromEntries(
  Object.entries(COUNTRY).map(([code, id]) => [id, code]),
);

/** Country names in the interface language (the server's list names them in English). */
function countryName(code: string, fallback: string, language: Language): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? fallback;
  } catch {
    return fallback;
  }
}

/**
 * One address (SPEC 'Address'): names, street, city, postcode, country, and the province for the
 * countries that need one (Canada and the United States; ids 5 and 45 until the list loads).
 * Browser autofill works through the autocomplete tokens, in their own section per address.
 */
export function AddressFields({
  kind,
  address,
  countries,
  language,
  problems,
  disabled,
  onField,
}: AddressFieldsProps) {
  const { t } = useTranslation('checkout');
  const section = autofillSection(kind);
  const path = (field: keyof AddressForm): FieldPath => `${kind}.${field}`;
  const error = (field: keyof AddressForm) => {
    const problem = problems[path(field)];
    return problem
      ? t(`errors.${problem}`, {
          max: ADDRESS_MAX_LENGTH[field as keyof typeof ADDRESS_MAX_LENGTH] ?? '',
        })
      : null;
  };
  const text = (
    field: 'firstName' | 'lastName' | 'address1' | 'address2' | 'city' | 'zip' | 'province',
    autoComplete: string,
    label = t(`address.${field}`),
  ) => (
    <TextField
      id={fieldId(path(field))}
      label={label}
      value={address[field]}
      error={error(field)}
      optional={field === 'address2' ? t('address.optional') : undefined}
      onValue={(value) => onField(path(field), value)}
      autoComplete={`section-${section.name} ${section.token} ${autoComplete}`}
      maxLength={ADDRESS_MAX_LENGTH[field] + 20}
      readOnly={disabled}
      required={field !== 'address2'}
      // The postcode written the way a courier writes it once the parent moves on (1010 -> LV-1010).
      onBlur={
        field === 'zip'
          ? () => {
              const canonical = normalizePostcode(address.countryId, address.zip);
              if (canonical !== address.zip) onField(path('zip'), canonical);
            }
          : undefined
      }
    />
  );
  const country = countries?.find((c) => c.countryId === address.countryId);
  const showProvince = country ? country.needsProvince : needsProvince(address.countryId);
  const options = countries
    ? countries
        .map((c) => ({
          id: c.countryId,
          name: countryName(c.countryCode, c.countryName, language),
        }))
        .sort((a, b) => a.name.localeCompare(b.name, language))
    : [
        {
          id: address.countryId,
          name: countryName(KNOWN_CODES[address.countryId] ?? 'ZZ', '…', language),
        },
      ];
  const countryId = fieldId(path('countryId'));
  const countryError = error('countryId');
  return (
    <div className="checkout-address">
      <div className="checkout-address__pair">
        {text('firstName', 'given-name')}
        {text('lastName', 'family-name')}
      </div>
      {text('address1', 'address-line1')}
      {text('address2', 'address-line2')}
      <div className="checkout-address__pair">
        {text('city', 'address-level2')}
        {text('zip', 'postal-code')}
      </div>
      <FieldShell id={countryId} label={t('address.country')} error={countryError}>
        <select
          id={countryId}
          value={address.countryId}
          onChange={(event) => onField(path('countryId'), event.target.value)}
          autoComplete={`section-${section.name} ${section.token} country`}
          disabled={disabled}
          {...describedBy(countryId, countryError)}
        >
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
      </FieldShell>
      {showProvince && !regionsOf(address.countryId) && text('province', 'address-level1')}
      {showProvince && regionsOf(address.countryId) && (
        <ProvinceField
          kind={kind}
          address={address}
          language={language}
          error={error('province')}
          disabled={disabled}
          onField={onField}
        />
      )}
    </div>
  );
}

interface ProvinceFieldProps {
  kind: AddressKind;
  address: AddressForm;
  language: Language;
  error: string | null;
  disabled: boolean;
  onField: (path: FieldPath, value: string) => void;
}

/**
 * The state (United States) or province (Canada), chosen from the country's list with its names in
 * the interface language; the value sent is the postal code (`IL`, `ON`).
 */
function ProvinceField({ kind, address, language, error, disabled, onField }: ProvinceFieldProps) {
  const { t } = useTranslation('checkout');
  const section = autofillSection(kind);
  const path: FieldPath = `${kind}.province`;
  const id = fieldId(path);
  const codes = regionsOf(address.countryId) ?? [];
  const country = provinceCountry(address.countryId) ?? 'US';
  const label = country === 'US' ? t('address.state') : t('address.provinceCA');
  const options = codes
    .map((code) => ({ code, name: t(`regions.${country}.${code}`) }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
  // A state typed before the list (kept in session storage) shows as 'choose' until it is one.
  const value = canonicalRegion(address.countryId, address.province) ?? '';
  return (
    <FieldShell id={id} label={label} error={error}>
      <select
        id={id}
        value={value}
        onChange={(event) => onField(path, event.target.value)}
        autoComplete={`section-${section.name} ${section.token} address-level1`}
        disabled={disabled}
        required
        {...describedBy(id, error)}
      >
        <option value="">{t('address.chooseRegion')}</option>
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
