import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` writes a new SQL migration from server/db/schema/shop.ts, schema-checkout.ts, schema-admin.ts, schema-money.ts and schema-digital.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './server/db/schema.ts',
    './server/db/schema-checkout.ts',
    './server/db/schema-admin.ts',
    './server/db/schema-money.ts',
    './server/db/schema-reviews.ts',
    './server/db/schema-digital.ts',
  ],
  out: './server/db/migrations',
});
