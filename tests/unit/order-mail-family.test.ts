import { describe, expect, it } from 'vitest';
import type { Language } from '#contract/markets.ts';
import { defaultFamily, type BookFamily } from '#book/family.ts';
import type { BookLanguage } from '#book/types.ts';
import { orderConfirmationMail, type OrderMailData } from '#server/services/mail/order-mails.ts';

function mail(
  language: Language,
  items: { childName: string; bookLanguage?: BookLanguage; family?: BookFamily }[],
) {
  const data: OrderMailData = {
    language,
    orderNumber: 'SM-2026-00042',
    trackingPageUrl: 'https://storymade.example/order-status/abc',
    currencyCode: 'EUR',
    items: items.map(({ childName, bookLanguage, family }) => ({
      title: 'You can do it',
      childName,
      coverType: 'hardcover',
      unitPriceMinor: 3499,
      editionNumber: null,
      imageUrl: 'https://storymade.example/cover.webp',
      ...(family
        ? {
            family: {
              bookLanguage: bookLanguage ?? (language.toLowerCase() as BookLanguage),
              family,
            },
          }
        : {}),
    })),
    subtotalMinor: 3499,
    discountMinor: 0,
    deliveryMinor: 0,
    totalMinor: 3499,
    deliveryDays: null,
    estimatedDelivery: null,
  };
  return orderConfirmationMail(data);
}

describe('the order mail describes who is in the book', () => {
  it('names the grown-ups with the book: two mums in English, in the text and the HTML', () => {
    const { text, html } = mail('en-GB', [
      { childName: 'Emil', family: defaultFamily('mum-mum', 'en-gb') },
    ]);
    expect(text).toContain('- You can do it: The book starring Emil, with Mum and Mama, Hardcover');
    expect(html).toContain('The book starring Emil, with Mum and Mama');
  });

  it('in Latvian the grown-ups take the case after "ar", and a first name is declined', () => {
    const grandparents = defaultFamily('grandma-grandpa', 'lv');
    grandparents.grownUps = grandparents.grownUps.map((g) =>
      g.kind === 'grandpa' ? { ...g, call: 'name', name: 'Jānis' } : g,
    );
    const { text } = mail('lv', [
      { childName: 'Emīls', family: defaultFamily('mum-dad', 'lv') },
      { childName: 'Marta', family: grandparents },
    ]);
    expect(text).toContain('Grāmata, kurā galvenais varonis ir Emīls, kopā ar mammu un tēti,');
    expect(text).toContain('Grāmata, kurā galvenais varonis ir Marta, kopā ar vecmāmiņu un Jāni,');
  });

  it('one grown-up alone; a book in another language keeps its words as they are', () => {
    const { text } = mail('en-US', [
      { childName: 'Leo', family: defaultFamily('dad', 'en-us') },
      { childName: 'Anna', bookLanguage: 'lv', family: defaultFamily('mum-dad', 'lv') },
    ]);
    expect(text).toContain('The book starring Leo, with Dad,');
    expect(text).toContain('The book starring Anna, with mamma un tētis,');
    expect(text).not.toContain('with Mum');
  });

  it('a book without a family is described as before', () => {
    const { text } = mail('en-GB', [{ childName: 'Emil' }]);
    expect(text).toContain('- You can do it: The book starring Emil, Hardcover');
  });
});
