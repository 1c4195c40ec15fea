import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ApiError } from '#contract/errors.ts';

/** What a database error tells an operator without the visitor's data: never the query parameters. */
interface ErrorSummary {
  name: string;
  message: string;
  /** PostgreSQL's SQLSTATE, when the database refused. */
  code?: string;
  /** The SQL with its $n placeholders (the values are left out). */
  query?: string;
  constraint?: string;
  table?: string;
  column?: string;
  stack?: string;
}

interface PgLikeError {
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
}

const asText = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * An error reduced to what can be logged. Drizzle's query errors carry the parameters in their
 * message and `params`, PostgreSQL's data errors quote the refused value (`invalid input syntax for
 * type integer: "…"`), and its `detail` names the key values: none of those is kept.
 */
export function summarizeError(error: unknown): ErrorSummary {
  if (!(error instanceof Error)) return { name: 'NonError', message: typeof error };
  const query = (error as { query?: unknown }).query;
  const cause = (error as { cause?: unknown }).cause;
  const database = (typeof query === 'string' && cause instanceof Error ? cause : error) as Error &
    PgLikeError;
  const code = asText(database.code);
  const isSqlState = code !== undefined && /^[0-9A-Z]{5}$/.test(code);
  let message = typeof query === 'string' && database === error ? 'Failed query' : database.message;
  // Data exceptions (class 22) quote the value that was refused.
  if (isSqlState && code.startsWith('22'))
    message = message.replace(/:\s[\s\S]*$/, ': [value left out]');
  const summary: ErrorSummary = { name: database.name, message };
  if (isSqlState) summary.code = code;
  if (typeof query === 'string') summary.query = query.slice(0, 500);
  const constraint = asText(database.constraint);
  if (constraint) summary.constraint = constraint;
  const table = asText(database.table);
  if (table) summary.table = table;
  const column = asText(database.column);
  if (column) summary.column = column;
  // The stack of our code (not the message line, which may quote a value).
  if (error.stack)
    summary.stack = error.stack
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .slice(0, 12)
      .join('\n');
  return summary;
}

/**
 * True for a database refusal caused by the request's data rather than by our code: PostgreSQL's
 * data exceptions (class 22: a value it cannot store or convert) and program limits (54: a value too
 * large to index). The contracts should catch these first; this is the net under them.
 */
function isBadDataError(summary: ErrorSummary): boolean {
  return (
    summary.code !== undefined && (summary.code.startsWith('22') || summary.code.startsWith('54'))
  );
}

type ErrorLog = (summary: ErrorSummary, c: Context) => void;

/** The app's onError: HTTP errors as they are, bad data as a 400, the rest as a 500; never the visitor's data in the log. */
export function errorHandler(log: ErrorLog) {
  return (error: Error, c: Context) => {
    if (error instanceof HTTPException) {
      return c.json({ error: error.message || 'Request failed.' } satisfies ApiError, error.status);
    }
    const summary = summarizeError(error);
    log(summary, c);
    if (isBadDataError(summary)) {
      return c.json(
        { error: 'The request has text or numbers the shop cannot store.' } satisfies ApiError,
        400,
      );
    }
    return c.json(
      { error: 'Something went wrong on our side. Please try again.' } satisfies ApiError,
      500,
    );
  };
}
