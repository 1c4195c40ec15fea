import { Hono } from 'hono';
import { toWireAmounts } from '#contract/amounts.ts';
import { shopLanguageOfQuery } from '#contract/seed-family.ts';
import { ShopQuerySchema, type PaymentMethod, type ShopInfo } from '#contract/shop.ts';
import type { Db } from '#server/db/client.ts';
import { shopPrices } from '#server/services/catalogue/catalogue.ts';
import { parseQuery } from './validate.ts';
import { routeDocs } from './route-docs.ts';

export interface ShopConfig {
  company: Omit<ShopInfo['company'], 'email'>;
  /** The shop's e-mail address (SHOP_EMAIL). */
  email: string;
  paymentMethods: PaymentMethod[];
}

/** GET /api/shop?country={language}: the company, the payment methods offered and the prices copy quotes. */
export function shopRoutes(db: Db, config: ShopConfig) {
  return new Hono().get('/shop', routeDocs['GET /shop'], async (c) => {
    const query = parseQuery(c, ShopQuerySchema);
    if (!query.ok) return query.response;
    const prices = await shopPrices(db, shopLanguageOfQuery(query.value));
    const body = toWireAmounts<ShopInfo>({
      company: { ...config.company, email: config.email },
      paymentMethods: config.paymentMethods,
      ...prices,
    });
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(body);
  });
}
