import { Hono, type Context } from 'hono';
import type * as v from 'valibot';
import { resolveCharacterSet } from '#book/character-set.ts';
import { validateChildName } from '#book/grammar/name.ts';
import type { ApiError } from '#contract/errors.ts';
import { collectFieldErrors } from '#contract/field-errors.ts';
import { checkDedication } from '#book/personalization.ts';
import { PreviewDedicationRequestSchema, PreviewImageRequestSchema } from '#contract/preview.ts';
import { bookFamilyOfChecked, checkFamily } from '#server/services/catalogue/family-check.ts';
import type { PreviewJob } from '#server/services/rendering/render-preview.ts';
import type { PreviewService } from '#server/services/rendering/preview-service.ts';
import { PoolBusyError } from '#server/platform/worker-pool.ts';
import {
  clientIp,
  createRateCounter,
  tooManyRequests,
  type RateCounter,
  type RouteLimits,
} from './rate-limit.ts';
import { createPreviewPrivacy, type PreviewPrivacy } from './preview-privacy.ts';
import { badRequest, parseJson } from './validate.ts';
import { routeDocs } from './route-docs.ts';

type Common = v.InferOutput<typeof PreviewImageRequestSchema>;

/**
 * The book's own rules on top of the contract's shapes: the name, the assets and how they combine,
 * and the dedication (book/personalization.ts: at most 10 lines whatever the line breaks; blank is
 * an empty page). The dedication is kept with '\n' line breaks and without trailing blank lines,
 * so the same words give the same image whichever line breaks they came with.
 */
function toJob(c: Context, body: Common, dedication?: string): PreviewJob | Response {
  const fields = collectFieldErrors();
  const name = validateChildName(body.childName);
  if (!name.ok) fields.add('childName', name.reason);

  const resolved = resolveCharacterSet(body.personalizationDetails, body.gender);
  if (!resolved.ok) {
    const messages: string[] = [];
    if (resolved.unknown.length > 0) {
      messages.push(`Unknown asset names: ${resolved.unknown.slice(0, 10).join(', ')}.`);
    }
    if (resolved.conflicts.length > 0) {
      messages.push(
        `These assets cannot be combined (one per category, one pair of glasses, hair matching the gender): ${resolved.conflicts.join(', ')}.`,
      );
    }
    for (const message of messages) fields.add('personalizationDetails', message);
  }
  const text =
    dedication === undefined ? undefined : checkDedication(dedication, { required: false });
  if (text && !text.ok) fields.add('dedication', text.reason);
  // Who is in the book: the save's rule (server/services/catalogue/family-check.ts), the same field errors.
  let familyOk = true;
  const family = body.family
    ? checkFamily(body.family, body.language, (key, message) => {
        familyOk = false;
        fields.add(key, message);
      })
    : null;
  if (!name.ok || !resolved.ok || (text && !text.ok) || !familyOk) {
    return badRequest(c, 'The request has invalid fields.', fields.toObject());
  }
  return {
    page: body.page,
    language: body.language,
    child: { name: name.name, gender: body.gender },
    characters: resolved.value,
    ...(family ? { family: bookFamilyOfChecked(family) } : {}),
    ...(text ? { dedication: text.text.trimEnd() } : {}),
  };
}

/** An ETag list as browsers and CDNs send it: `"a", W/"b"` or `*`. */
function matchesEtag(header: string | undefined, key: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === `"${key}"`;
  });
}

interface Renders {
  /** Each client's new renders (previewRenders). */
  counter: RateCounter;
  trustProxy: boolean;
  privacy: PreviewPrivacy;
  /** X-Preview-Cache and Server-Timing (development only: they tell what others previewed). */
  diagnostics: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function answer(
  c: Context,
  previews: PreviewService,
  renders: Renders,
  job: PreviewJob,
): Promise<Response> {
  const key = previews.keyOf(job);
  const { privacy } = renders;
  const hash = privacy.publicKey(key);
  const headers = {
    ETag: `"${hash}"`,
    'Cache-Control': 'public, max-age=31536000, immutable',
    // The same image as a plain GET by its hash, which a CDN and the browser cache can keep.
    'Content-Location': `/api/preview/images/${hash}.webp`,
  };
  if (matchesEtag(c.req.header('if-none-match'), hash)) return c.body(null, 304, headers);
  const client = clientIp(c, renders.trustProxy);
  // Only what costs this client a render counts: a parent turning back and forth through a
  // preview is free. An image drawn for someone else counts the first time, as a render would.
  const own = privacy.seenBy(key, client);
  if (!own) {
    const wait = await renders.counter.take(client);
    if (wait !== null) return tooManyRequests(c, wait);
  }
  try {
    const started = performance.now();
    // The preview asks for the pages one by one in book order: the next ones start drawing now;
    // not for a browser that draws its own pages and asks for one it could not (#34).
    const result = await previews.render(job, {
      readAhead: c.req.header('x-preview-read-ahead') !== 'off',
      // Pages drawn ahead for this client are its own.
      onReadAhead: (ahead) => privacy.record(ahead, client),
    });
    const tookMs = performance.now() - started;
    if (result.source === 'render') {
      privacy.record(key, client, tookMs);
    } else {
      // Not drawn for this request: answer no sooner than drawing it would have taken.
      if (!own) await sleep(Math.max(0, privacy.delayFor(key) - tookMs));
      privacy.record(key, client);
    }
    if (result.timings && renders.diagnostics) {
      const t = result.timings;
      c.header(
        'Server-Timing',
        (['queue', 'svg', 'scene', 'figures', 'raster', 'composite', 'encode'] as const)
          .map((stage) => `${stage};dur=${t[stage].toFixed(1)}`)
          .join(', '),
      );
    }
    return c.body(
      // A view on the cached bytes, not a copy (the cache never hands out shared memory).
      new Uint8Array(
        result.image.buffer as ArrayBuffer,
        result.image.byteOffset,
        result.image.byteLength,
      ),
      200,
      {
        ...headers,
        'Content-Type': 'image/webp',
        ...(renders.diagnostics ? { 'X-Preview-Cache': result.source } : {}),
      },
    );
  } catch (error) {
    if (error instanceof PoolBusyError) {
      c.header('Retry-After', '2');
      return c.json(
        { error: 'The preview renderer is busy. Please try again in a moment.' } satisfies ApiError,
        503,
      );
    }
    throw error;
  }
}

/** Preview images; a client's new renders are limited (`previewRenders`), cached images are not. */
export function previewRoutes(
  previews: PreviewService,
  limits: RouteLimits,
  options: { diagnostics?: boolean; etagSecret?: string | undefined } = {},
) {
  const renders: Renders = {
    counter: createRateCounter(limits.rateLimits.previewRenders, limits),
    trustProxy: limits.trustProxy,
    privacy: createPreviewPrivacy(options.etagSecret),
    diagnostics: options.diagnostics ?? false,
  };
  return new Hono()
    .get('/preview/images/:file', routeDocs['GET /preview/images/:file'], async (c) => {
      const hash = /^([0-9a-f]{64})\.webp$/.exec(c.req.param('file'))?.[1];
      const key = hash ? renders.privacy.keyOf(hash) : null;
      const image = key ? await previews.cached(key) : null;
      if (!hash || !image) {
        return c.json({ error: 'No such preview image.' } satisfies ApiError, 404);
      }
      const headers = { ETag: `"${hash}"`, 'Cache-Control': 'public, max-age=31536000, immutable' };
      if (matchesEtag(c.req.header('if-none-match'), hash)) return c.body(null, 304, headers);
      return c.body(
        new Uint8Array(image.buffer as ArrayBuffer, image.byteOffset, image.byteLength),
        200,
        {
          ...headers,
          'Content-Type': 'image/webp',
        },
      );
    })
    .post('/preview/generateImage', routeDocs['POST /preview/generateImage'], async (c) => {
      const body = await parseJson(c, PreviewImageRequestSchema);
      if (!body.ok) return body.response;
      const job = toJob(c, body.value);
      return job instanceof Response ? job : answer(c, previews, renders, job);
    })
    .post(
      '/preview/generateDedicationImage',
      routeDocs['POST /preview/generateDedicationImage'],
      async (c) => {
        const body = await parseJson(c, PreviewDedicationRequestSchema);
        if (!body.ok) return body.response;
        const job = toJob(c, { ...body.value, page: 'dedication' }, body.value.dedication ?? '');
        return job instanceof Response ? job : answer(c, previews, renders, job);
      },
    );
}
