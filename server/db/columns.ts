import { serial, timestamp } from 'drizzle-orm/pg-core';

/** Column builders the schema files share: each column kind written once. */

/** A point in time with its time zone (every time the shop stores is one). */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** `created_at`, set by the database when the row is inserted. */
export const createdAtNow = () => timestamptz('created_at').notNull().defaultNow();

/** `updated_at`, set by the database when the row is inserted (the service sets it on updates). */
export const updatedAtNow = () => timestamptz('updated_at').notNull().defaultNow();

/** A serial `id` primary key. */
export const serialId = () => serial('id').primaryKey();
