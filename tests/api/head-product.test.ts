import { describe, expect, it } from 'vitest';
import {
  jsonForScript,
  renderIndexHtml,
  type ClientFiles,
  type ProductFacts,
} from '#server/web/head.ts';

const facts = (over: Partial<ProductFacts> = {}): ProductFacts => ({
  name: 'You can do it',
  description: 'A personalised football story',
  image: '/images/marketing/cover-anna-960.webp',
  price: '29.99',
  currency: 'GBP',
  ...over,
});

const files: ClientFiles = {
  dir: '/nowhere',
  indexHtml:
    '<!doctype html><html lang="en-GB"><head><title>Storymade</title><!--head-meta--></head><body></body></html>',
  meta: {
    siteName: 'Storymade',
    ogImage: '/og-image.png',
    routes: [{ path: '/YouCanDoIt', page: 'product', index: true }],
    pages: {},
    products: {
      product: {
        'en-GB': facts(),
        'en-US': facts({ currency: 'USD' }),
        lv: facts({ name: 'Tu to vari</script><script>alert(1)</script>', currency: 'EUR' }),
      },
    },
  },
};

function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
  );
}

const render = (page: string, language: 'lv' | 'en-GB' | 'en-US') =>
  renderIndexHtml(files, {
    page,
    language,
    url: 'https://storymade.eu/YouCanDoIt',
    publicUrl: 'https://storymade.eu',
    index: true,
  });

describe('schema.org Product data in the served HTML', () => {
  it('the product page carries the offer from 29.99 in the page currency, and no rating (no reviews behind one)', () => {
    const [data, ...rest] = jsonLdOf(render('product', 'en-US'));
    expect(rest).toEqual([]);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'You can do it',
      image: 'https://storymade.eu/images/marketing/cover-anna-960.webp',
      url: 'https://storymade.eu/YouCanDoIt',
      offers: { lowPrice: '29.99', priceCurrency: 'USD' },
    });
    for (const language of ['lv', 'en-GB', 'en-US'] as const) {
      const html = render('product', language);
      expect(jsonLdOf(html)[0]).not.toHaveProperty('aggregateRating');
      expect(html).not.toMatch(/aggregateRating|ratingValue|reviewCount|"Review"/);
    }
    expect(
      (jsonLdOf(render('product', 'en-GB'))[0]?.offers as { priceCurrency: string }).priceCurrency,
    ).toBe('GBP');
  });

  it('text that looks like markup cannot close the script element', () => {
    const html = render('product', 'lv');
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(jsonLdOf(html)[0]?.name).toBe('Tu to vari</script><script>alert(1)</script>');
    expect((jsonLdOf(html)[0]?.offers as { priceCurrency: string }).priceCurrency).toBe('EUR');
  });

  it('other pages have none', () => {
    expect(jsonLdOf(render('home', 'en-GB'))).toEqual([]);
  });

  it('jsonForScript escapes < and the JavaScript line separators and stays valid JSON', () => {
    const text = jsonForScript({ a: '<!-- x\u2028y\u2029' });
    expect(text).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual({ a: '<!-- x\u2028y\u2029' });
  });
});

describe('the first picture is preloaded from the served HTML', () => {
  it('with its srcset and sizes, only on the pages that have one', () => {
    const withPreload: ClientFiles = {
      ...files,
      meta: {
        ...files.meta,
        preloadImages: {
          home: {
            lv: {
              href: '/images/marketing/cover-janis-640.webp',
              srcset:
                '/images/marketing/cover-janis-480.webp 480w, /images/marketing/cover-janis-640.webp 640w',
              sizes: '480px',
            },
            'en-GB': { href: '/a.webp', srcset: '/a.webp 480w', sizes: '480px' },
            'en-US': { href: '/b.webp', srcset: '/b.webp 480w', sizes: '480px' },
          },
        },
      },
    };
    const html = renderIndexHtml(withPreload, {
      page: 'home',
      language: 'lv',
      url: 'https://storymade.eu/',
      publicUrl: 'https://storymade.eu',
      index: true,
    });
    expect(html).toContain(
      '<link rel="preload" as="image" href="/images/marketing/cover-janis-640.webp" imagesrcset="/images/marketing/cover-janis-480.webp 480w, /images/marketing/cover-janis-640.webp 640w" imagesizes="480px" fetchpriority="high"',
    );
    const faq = renderIndexHtml(withPreload, {
      page: 'faq',
      language: 'lv',
      url: 'https://storymade.eu/faq',
      publicUrl: 'https://storymade.eu',
      index: true,
    });
    expect(faq).not.toContain('rel="preload"');
  });
});
