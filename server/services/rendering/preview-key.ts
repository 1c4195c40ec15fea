import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { characterSetToAssetNames } from '#book/character-set.ts';
import { FONT_KEYS, FONTS } from '#book/fonts.ts';
import { PROJECT_ROOT } from '#server/runtime/paths.ts';
import { hashRendererSources } from './renderer-sources.ts';
import type { PreviewJob } from './render-preview.ts';
import { PREVIEW_SETTINGS } from './settings.ts';

// The key of a preview image: everything that decides its pixels, hashed.

/**
 * A fingerprint of what draws pages: every source file of book/ and of this renderer
 * (renderer-sources.ts; the built server carries the one of the sources it was built from), and
 * the versions of resvg, sharp and the font packages.
 * Changing the art, the story or the renderer changes every key, so an old image is never served
 * for a new book. Computed once per process (a few hundred small files, a few ms).
 */
function rendererVersion(): string {
  const hash = createHash('sha256');
  hash.update(process.env.STORYMADE_RENDERER_SOURCES ?? hashRendererSources());
  hash.update(JSON.stringify(PREVIEW_SETTINGS));
  // The rasteriser, the encoder and the fonts draw the pixels too.
  const packages = ['@resvg/resvg-js', 'sharp', ...FONT_KEYS.map((key) => FONTS[key].package)];
  for (const name of packages) {
    try {
      const manifest = readFileSync(
        path.join(PROJECT_ROOT, 'node_modules', name, 'package.json'),
        'utf8',
      );
      hash.update(`${name}@${(JSON.parse(manifest) as { version?: string }).version ?? '?'}`);
    } catch {
      hash.update(`${name}@missing`);
    }
  }
  return hash.digest('hex');
}

let cachedVersion: string | undefined;

export function previewKey(
  job: PreviewJob,
  version = (cachedVersion ??= rendererVersion()),
): string {
  const identity = {
    v: version,
    page: job.page,
    language: job.language,
    name: job.child.name,
    gender: job.child.gender,
    assets: characterSetToAssetNames(job.characters).slice().sort(),
    dedication: job.page === 'dedication' ? (job.dedication ?? '') : null,
    // Who is in the book and what they are called change the figures and the words; left out
    // without a family, so today's mum-dad keys (and cached images) stay as they were.
    ...(job.family
      ? {
          family: {
            shape: job.family.shape,
            grownUps: job.family.grownUps.map((g) => ({
              kind: g.kind,
              name: g.name,
              call: g.call,
              look: [g.look.hair, g.look.eyes, g.look.skin, g.look.accessories.slice().sort()],
            })),
          },
        }
      : {}),
  };
  return createHash('sha256').update(JSON.stringify(identity)).digest('hex');
}
