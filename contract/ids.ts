/** Order and item ids: random base64url strings (144 bits, 24 characters). */
export const RANDOM_ID = /^[A-Za-z0-9_-]{22,64}$/;

/**
 * Whether a string can be an order or item id (the schemas' check without valibot: the browser's
 * first load uses it).
 */
export const isRandomId = (value: string): boolean => RANDOM_ID.test(value);
