import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * The server's one logger: JSON lines (pino) on stdout, without personal data. Fields that carry
 * it are redacted wherever they appear in a logged object (two levels deep); e-mail addresses
 * and ids that grant access are scrubbed from message strings and logged paths too. Inside a
 * request every line carries that request's `requestId` (see server/middleware/request-context.ts).
 */

/** Keys whose values are personal data or grant access: never written to a log line. */
const REDACTED_KEYS = [
  'email',
  'to',
  'replyTo',
  'from',
  'name',
  'fromName',
  'from_name',
  'childName',
  'dadName',
  'mumName',
  'message',
  'text',
  'html',
  'dedication',
  'address',
  'addressLine1',
  'addressLine2',
  'street',
  'city',
  'postcode',
  'phone',
  'phoneNumber',
  'token',
  'confirmToken',
  'unsubscribeToken',
  'orderId',
  'orderItemId',
  'subscriberId',
  'SubscriberId',
  'sessionId',
  'cookie',
  'authorization',
  'password',
  'params',
  'body',
];

const paths = REDACTED_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

const EMAIL = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[^\s@<>"'(),;:]+/g;
/**
 * A run of characters that looks like an id or token of ours (144-bit base64url ids, 64-hex
 * hashes, UUIDs, tokens): 16 or more id characters, or 8 or more that mix letters and digits.
 * Route names (`generateDedicationImage` included, which is only a little information lost) and
 * numbers (message and staff ids, which open nothing) are not.
 */
const ID_RUN =
  /[A-Za-z0-9_-]{16,}|(?=[A-Za-z0-9_-]*[0-9])(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{8,}/;

/** A text with e-mail addresses replaced (for messages built from data, such as a relay's error). */
export function scrub(text: string): string {
  return text.replace(EMAIL, '[email]');
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * One path segment fit for a log: `:id` when it holds an id or token anywhere (whatever follows
 * it: `<id>.`, `<id>)`, `<id>%20`, `<id>.webp`), `[email]` when it holds an e-mail address (read
 * as sent and percent-decoded), else as it is.
 */
function logSegment(segment: string): string {
  const plain = decoded(segment);
  if (ID_RUN.test(segment) || ID_RUN.test(plain)) return ':id';
  if (segment.includes('@') || plain.includes('@')) return '[email]';
  return segment;
}

/** A URL path fit for a log: ids and tokens replaced by `:id`, e-mail addresses by `[email]`, no query string. */
export function logPath(path: string): string {
  return path.split('?')[0]!.split('/').map(logSegment).join('/');
}

export function createLogger(
  options: { level?: string; destination?: DestinationStream } = {},
): Logger {
  return pino(
    {
      level: options.level ?? process.env.LOG_LEVEL ?? 'info',
      base: { service: 'storymade' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths, censor: '[redacted]' },
      formatters: { level: (label) => ({ level: label }) },
      hooks: {
        logMethod(args, method) {
          // Message strings (not objects, which redaction covers) lose any e-mail address.
          const cleaned = args.map((arg: unknown) =>
            typeof arg === 'string' ? scrub(arg) : arg,
          ) as typeof args;
          method.apply(this, cleaned);
        },
      },
    },
    options.destination,
  );
}

let root: Logger = createLogger();
/** A request's logger, made (a pino child with the request id) only when the request logs a line. */
interface RequestLog {
  requestId: string;
  logger?: Logger;
}
const context = new AsyncLocalStorage<RequestLog>();

/** The logger of the current request (with its requestId), or the process's. */
export function log(): Logger {
  const request = context.getStore();
  if (!request) return root;
  return (request.logger ??= root.child({ requestId: request.requestId }));
}

/** Replaces the process's logger (tests capture lines with their own destination). */
export function setRootLogger(logger: Logger): void {
  root = logger;
}

export function rootLogger(): Logger {
  return root;
}

/** Runs `fn` with log() answering a logger whose lines carry `requestId`, for everything it awaits. */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return context.run({ requestId }, fn);
}
