import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` writes a new SQL migration from server/db/schema.ts, schema-checkout.ts and schema-admin.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './server/db/schema.ts',
    './server/db/schema-checkout.ts',
    './server/db/schema-admin.ts',
    './server/db/schema-money.ts',
    './server/db/schema-reviews.ts',
  ],
  out: './server/db/migrations',
});
