import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';
import { drawFigureLayer, type FigureLayer, type FigurePlan } from './figure-layers.ts';
import { bookFonts } from './font-files.ts';
import { collectDrawnWords, keepWords } from './word-layers.ts';
import { rememberSceneKey, renderPreviewWebp, type PreviewJob } from './render-preview.ts';
import type { SceneRaster } from './scene-cache.ts';

// Runs inside a worker thread of the preview pool: one job `{ job, sceneKey?, scene? }` at a
// time (the page's scene from the service's scene cache, in shared memory), answers
// `{ ok: true, value: { image: Uint8Array, timings, scene?, base? } }` (the image's buffer
// transferred, not copied; `scene` / `base` when the worker drew them, for the caches) or
// `{ ok: false, error }`. `base` (optional in the job too) is the scene with the figures drawn;
// `figures` (figure-layers.ts) the parts of the figures already drawn, and `layers` in the
// answer the ones this worker drew. With `figuresOnly`, only the missing parts of `figures` are
// drawn and answered as `layers` (an empty image: the warm-up keeps the figures, no picture).

if (!parentPort) throw new Error('render-worker must run in a worker thread');
const port = parentPort;

// Each worker renders one image at a time; libvips' own threads would only fight the other
// workers for the same cores.
sharp.concurrency(1);
sharp.cache(false);

// Fonts are found once per worker; resvg reads the files per render from the OS page cache.
const fonts = bookFonts();

// Rendering is batch work: on Linux, lower this thread's priority so the main thread (HTTP,
// database) always gets a core first. (setpriority on a thread id affects that thread only.)
try {
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, 10);
} catch {
  // Not Linux, or not allowed: run at normal priority.
}

type Message = {
  job: PreviewJob;
  sceneKey?: string;
  scene?: SceneRaster;
  base?: SceneRaster;
  figures?: FigurePlan;
  figuresOnly?: boolean;
  /** Lines of the page's words other workers drew (word-layers.ts). */
  words?: FigureLayer[];
};
collectDrawnWords();
port.on('message', ({ job, sceneKey, scene, base, figures, figuresOnly, words }: Message) => {
  if (sceneKey) rememberSceneKey(job, sceneKey);
  if (words) keepWords(words);
  if (figuresOnly && figures) {
    try {
      const layers = figures.parts.flatMap((part) => {
        const layer = 'data' in part ? null : drawFigureLayer(part, job.page, figures.units);
        return layer ? [layer] : [];
      });
      port.postMessage({ ok: true, value: { image: new Uint8Array(0), timings: {}, layers } });
    } catch (error) {
      port.postMessage({
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      });
    }
    return;
  }
  renderPreviewWebp(job, fonts, scene, base, figures).then(
    ({ image, timings, drawnScene, drawnBase, drawnLayers }) => {
      const bytes = new Uint8Array(image.buffer, image.byteOffset, image.byteLength);
      // A Buffer from sharp owns its ArrayBuffer; copy only when it is a pooled slice.
      const own =
        image.byteOffset === 0 && image.byteLength === image.buffer.byteLength
          ? bytes
          : new Uint8Array(bytes);
      port.postMessage(
        {
          ok: true,
          value: {
            image: own,
            timings,
            ...(drawnScene ? { scene: drawnScene } : {}),
            ...(drawnBase ? { base: drawnBase } : {}),
            ...(drawnLayers ? { layers: drawnLayers } : {}),
            words: collectDrawnWords(),
          },
        },
        [own.buffer as ArrayBuffer],
      );
    },
    (error: unknown) => {
      port.postMessage({
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      });
    },
  );
});

port.postMessage({ ready: true });
