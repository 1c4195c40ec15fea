import type { Context } from 'hono';
import * as v from 'valibot';
import type { ApiError } from '#contract/errors.ts';
import { collectFieldErrors } from '#contract/field-errors.ts';
import { UNPRINTABLE_MESSAGE, unprintablePaths } from '#contract/text.ts';

type Parsed<T> = { ok: true; value: T } | { ok: false; response: Response };

/** Turns valibot issues into `{ "field.path": ["message"] }`. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[], prefix?: string) {
  // A key may be the request's own (`__proto__`, `constructor`): collected in a Map, never by
  // indexing a plain object (contract/field-errors.ts).
  const fields = collectFieldErrors();
  for (const issue of issues) {
    const dotted = v.getDotPath(issue);
    fields.add([prefix, dotted].filter(Boolean).join('.') || prefix || 'body', issue.message);
  }
  return fields.toObject();
}

export function badRequest(c: Context, error: string, fields?: Record<string, string[]>) {
  const body: ApiError = fields ? { error, fields } : { error };
  return c.json(body, 400);
}

export function notFound(c: Context, error = 'Not found.') {
  return c.json({ error } satisfies ApiError, 404);
}

/** The text rule of contract/text.ts as field errors, or null when every string keeps it. */
function unprintableFields(value: unknown, prefix?: string): Record<string, string[]> | null {
  const paths = unprintablePaths(value, prefix);
  if (paths.length === 0) return null;
  return Object.fromEntries(paths.map((path) => [path, [UNPRINTABLE_MESSAGE]]));
}

/** Parses the JSON body with a contract schema. Invalid JSON and failed schemas are a 400. */
export async function parseJson<S extends v.GenericSchema>(
  c: Context,
  schema: S,
): Promise<Parsed<v.InferOutput<S>>> {
  let raw: unknown;
  try {
    const text = await c.req.text();
    raw = text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    return { ok: false, response: badRequest(c, 'The request body is not valid JSON.') };
  }
  const unprintable = unprintableFields(raw);
  if (unprintable)
    return { ok: false, response: badRequest(c, 'The request has invalid fields.', unprintable) };
  const result = v.safeParse(schema, raw);
  if (!result.success) {
    return {
      ok: false,
      response: badRequest(c, 'The request has invalid fields.', fieldErrors(result.issues)),
    };
  }
  return { ok: true, value: result.output };
}

/** Parses the query string (first value of each key) with a contract schema. */
export function parseQuery<S extends v.GenericSchema>(
  c: Context,
  schema: S,
): Parsed<v.InferOutput<S>> {
  const query = c.req.query();
  const unprintable = unprintableFields(query, 'query');
  if (unprintable)
    return { ok: false, response: badRequest(c, 'The query has invalid parameters.', unprintable) };
  const result = v.safeParse(schema, query);
  if (!result.success) {
    return {
      ok: false,
      response: badRequest(
        c,
        'The query has invalid parameters.',
        fieldErrors(result.issues, 'query'),
      ),
    };
  }
  return { ok: true, value: result.output };
}

/** A GET handler answering the query (checked with its contract schema; 400 if it fails) as JSON. */
export function answerQuery<S extends v.GenericSchema, T, C extends Context = Context>(
  schema: S,
  answer: (query: v.InferOutput<S>, c: C) => Promise<T>,
) {
  return async (c: C) => {
    const query = parseQuery(c, schema);
    if (!query.ok) return query.response;
    return c.json(await answer(query.value, c));
  };
}

/** Parses path parameters with a contract schema; a failed id is a 404 unless told otherwise. */
export function parseParams<S extends v.GenericSchema>(
  c: Context,
  schema: S,
  onFail: 'notFound' | 'badRequest' = 'badRequest',
): Parsed<v.InferOutput<S>> {
  const result = v.safeParse(schema, c.req.param());
  if (!result.success) {
    return {
      ok: false,
      response:
        onFail === 'notFound'
          ? notFound(c)
          : badRequest(c, 'The path has invalid parameters.', fieldErrors(result.issues, 'path')),
    };
  }
  return { ok: true, value: result.output };
}
