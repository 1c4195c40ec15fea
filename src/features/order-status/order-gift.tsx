import { useTranslation } from 'react-i18next';
import type { GiftView } from '#contract/gift.ts';
import { isRandomId } from '#contract/ids.ts';
import { api } from '#src/lib/api.ts';
import type { Language } from '#src/lib/languages.ts';
import { useQuery } from '#src/lib/query-client.ts';
import { formatDate } from '#src/lib/dates.ts';

/** GET /api/order/{orderId}/gift?key=…: the gift's recipient and message; null when it is none. */
function useGift(orderId: string, giftKey: string | undefined) {
  return useQuery({
    queryKey: ['order-gift', orderId, giftKey] as const,
    enabled: giftKey !== undefined && isRandomId(orderId),
    retry: false,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }): Promise<GiftView | null> => {
      try {
        return await api<GiftView>(`/order/${encodeURIComponent(orderId)}/gift`, {
          query: { key: giftKey },
          signal,
        });
      } catch {
        return null;
      }
    },
  });
}

function countryName(code: string, fallback: string, language: Language): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? fallback;
  } catch {
    return fallback;
  }
}

/**
 * 'A gift for {name}' with the recipient's address and the card's message (issue #36), shown only
 * to the holder of the buyer's gift link (its `?key=`, from the gift mail): the status link alone
 * shows nothing personal.
 */
export function OrderGift({
  orderId,
  giftKey,
  language,
}: {
  orderId: string;
  giftKey: string | undefined;
  language: Language;
}) {
  const { t } = useTranslation('order-status');
  const gift = useGift(orderId, giftKey);
  if (!gift.data) return null;
  const { recipient, message, arriveBy } = gift.data;
  // The address in its country's order as the server lays it out, the country in the page's language.
  const lines = [
    ...recipient.lines,
    countryName(recipient.countryCode, recipient.countryName, language),
  ].filter((line) => line.trim() !== '');
  return (
    <section aria-labelledby="order-gift-title" className="card order-status__card order-gift">
      <h2 id="order-gift-title">{t('gift.title', { name: recipient.firstName })}</h2>
      <h3 className="order-gift__label">{t('gift.address')}</h3>
      <address className="order-gift__address">
        {lines.map((line, index) => (
          <span key={index}>
            {line}
            <br />
          </span>
        ))}
      </address>
      {arriveBy && (
        <p className="order-gift__arrive">
          {t('gift.arriveBy', { date: formatDate(arriveBy, language, 'by') })}
        </p>
      )}
      {message && (
        <>
          <h3 className="order-gift__label">{t('gift.message')}</h3>
          <blockquote className="order-gift__message">{message}</blockquote>
        </>
      )}
      <p className="order-gift__note">{t('gift.noPrices')}</p>
    </section>
  );
}
