import * as v from 'valibot';

/** Every 4xx/5xx answer of the API has this shape. */
export const ApiErrorSchema = v.object({
  error: v.string(),
  /** Per-field messages for a 400, keyed by dotted path (`child.name`, `query.country`). */
  fields: v.optional(v.record(v.string(), v.array(v.string()))),
  /** The request's id (also in the X-Request-Id header): what to quote to the shop about a failure. */
  requestId: v.optional(v.string()),
});
export type ApiError = v.InferOutput<typeof ApiErrorSchema>;
