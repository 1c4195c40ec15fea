import { formatDate as formatTypographyDate, type DateRole } from '#book/typography.ts';
import type { Language } from './languages.ts';

/**
 * A calendar date ('2026-12-03' or an ISO time) in the language's long form ('3 December 2026'),
 * in the case its sentence needs ('on': Latvian "2026. gada 27. novembrī"; 'by': "līdz … decembrim"),
 * the day in UTC as the order mails say it: the server's page and the browser show the same day
 * whatever their time zones (a hydration mismatch otherwise, near midnight). book/typography.ts.
 */
export function formatDate(value: string, language: Language, role: DateRole = 'plain'): string {
  return (
    formatTypographyDate(
      /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value,
      language,
      role,
    ) || value
  );
}
