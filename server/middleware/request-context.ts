import type { MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import { log, logPath, withRequestId } from '#server/runtime/log.ts';

/**
 * Gives every request an id (X-Request-Id: the one a proxy in front sent, when it is a plain
 * token, or a new UUID), answered in the X-Request-Id header and in the body of every JSON error
 * (`requestId`), and carried by every log line written while the request runs. With
 * `logRequests` (LOG_REQUESTS) one line per request: method, path with ids left out, status, time.
 */
export function requestContext(options: { logRequests: boolean }): MiddlewareHandler[] {
  const withContext: MiddlewareHandler = async (c, next) => {
    const id = c.get('requestId');
    const started = performance.now();
    await withRequestId(id, async () => {
      await next();
      await addRequestIdToError(c.res, id).then((res) => {
        if (res) c.res = res;
      });
      if (options.logRequests) {
        log().info(
          {
            method: c.req.method,
            path: logPath(c.req.path),
            status: c.res.status,
            ms: Math.round((performance.now() - started) * 10) / 10,
          },
          'request',
        );
      }
    });
  };
  return [requestId({ limitLength: 100 }), withContext];
}

/** A 4xx/5xx JSON object answer with `requestId` added (null when there is nothing to change). */
async function addRequestIdToError(res: Response, id: string): Promise<Response | null> {
  if (res.status < 400 || !/^application\/json/i.test(res.headers.get('content-type') ?? ''))
    return null;
  let body: unknown;
  try {
    body = await res.clone().json();
  } catch {
    return null;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify({ ...body, requestId: id }), { status: res.status, headers });
}
