import { PLACED_STATUSES } from '#contract/order-status.ts';

export type PlacedStatus = (typeof PLACED_STATUSES)[number];

export function toPlacedStatus(value: string | undefined): PlacedStatus | undefined {
  return (PLACED_STATUSES as readonly string[]).includes(value ?? '')
    ? (value as PlacedStatus)
    : undefined;
}

export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}

export function formatBytes(bytes: number, language: string): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1
    ? `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(mb)} MB`
    : `${new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(bytes / 1024)} KB`;
}
