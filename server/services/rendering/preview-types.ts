import type { FigureLayer, FigurePlan } from './figure-layers.ts';
import type { PreviewJob, RenderTimings } from './render-preview.ts';
import type { SceneRaster } from './scene-cache.ts';

// What the preview service (preview-service.ts) is given and what it hands its render workers.

export type WorkerAnswer = {
  image: Uint8Array;
  timings: RenderTimings;
  scene?: SceneRaster;
  base?: SceneRaster;
  layers?: FigureLayer[];
  /** Lines of words the worker drew (word-layers.ts). */
  words?: FigureLayer[];
};
export type WorkerJob = {
  job: PreviewJob;
  sceneKey: string;
  scene?: SceneRaster;
  base?: SceneRaster;
  figures?: FigurePlan;
  /** Draw only the missing parts of `figures` and answer them (no picture): the warm-up. */
  figuresOnly?: boolean;
  /** The lines of the page's words the workers drew lately, for a worker that has not. */
  words?: FigureLayer[];
};

export interface PreviewServiceOptions {
  /** `${DATA_DIR}`: files go to `${dataDir}/previews/`. Without it the cache is memory only. */
  dataDir?: string;
  /** Worker threads; default one per core. */
  workers?: number;
  /** Jobs that may wait for a worker before new ones are refused (PoolBusyError). */
  maxQueue?: number;
  /** Memory LRU bound; default 64 MB (~600 spreads). */
  maxMemoryBytes?: number;
  /** Pages readAhead may draw ahead of the visitor; default two per worker, 0 turns it off. */
  readAhead?: number;
  /** Memory bound of the drawn scenes (backgrounds) shared by the workers; default 256 MB. */
  maxSceneBytes?: number;
  /**
   * Memory bound of the drawn bases (scene + figures: every page but its words, per page and
   * character set) shared by the workers; default 256 MB (~2 books' worth of characters).
   */
  maxBaseBytes?: number;
  /**
   * Memory bound of the drawn parts of the figures (figure-layers.ts: each figure of each page,
   * on the part of the page it covers); default 192 MB (every family shape's grown-ups, ~2x over).
   */
  maxLayerBytes?: number;
  /** Bound of `${dataDir}/previews/`; default 2 GiB (~20,000 images), least recently used go first. */
  maxDiskBytes?: number;
}
