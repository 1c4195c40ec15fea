/**
 * Field errors collected per field (`{ "child.name": ["…"] }`, the `fields` of an ApiError).
 *
 * A field's key can come from the request: an unknown key of a strict object, a record's key. A
 * plain object indexed by such a key meets its prototype: `fields['__proto__']`,
 * `fields.constructor` and `fields.toString` already hold something, so `(fields[key] ??= [])`
 * answers Object.prototype or a function and `.push` throws (a 500 for a hostile body). The
 * messages are therefore gathered in a Map and handed out as an object of own data properties
 * only (Object.fromEntries defines `__proto__` as a plain key, it never sets the prototype).
 */
export interface FieldErrorCollector {
  /** Adds a message to the field `key` (any string, whatever it is named). */
  add(key: string, message: string): void;
  /** How many fields have a message. */
  readonly size: number;
  /** The messages by field, as an object of own properties. */
  toObject(): Record<string, string[]>;
}

export function collectFieldErrors(
  entries: Iterable<readonly [string, string]> = [],
): FieldErrorCollector {
  const byKey = new Map<string, string[]>();
  const collector: FieldErrorCollector = {
    add(key, message) {
      const messages = byKey.get(key);
      if (messages) messages.push(message);
      else byKey.set(key, [message]);
    },
    get size() {
      return byKey.size;
    },
    toObject: () => Object.fromEntries(byKey),
  };
  for (const [key, message] of entries) collector.add(key, message);
  return collector;
}
