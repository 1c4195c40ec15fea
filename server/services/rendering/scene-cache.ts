/**
 * A page's scene (its background, the same for every child with the same kit colours) drawn
 * once: opaque RGB pixels, 3 bytes a pixel, in memory every worker thread can read.
 */
export interface SceneRaster {
  key: string;
  width: number;
  height: number;
  data: SharedArrayBuffer;
}

/**
 * The drawn scenes (backgrounds) of the book's pages, in memory shared with the render workers
 * (SharedArrayBuffer: handing one to a worker copies nothing). Least recently used go first once
 * over `maxBytes`. One set of the book's 24 scenes at preview size is ~70 MB (a 1280 x 784
 * spread is 3.0 MB of RGB); scenes that look the same whatever the kit colours share an entry.
 */
interface SceneCache<T> {
  get(key: string): T | undefined;
  set(scene: T): void;
  stats(): { entries: number; bytes: number };
}

/** Also keeps other drawings in shared memory by key (the bases, the figures' layers). */
export function createSceneCache<T extends { key: string; data: SharedArrayBuffer } = SceneRaster>(
  maxBytes: number,
): SceneCache<T> {
  const scenes = new Map<string, T>();
  let bytes = 0;
  return {
    get(key) {
      const scene = scenes.get(key);
      if (scene) {
        scenes.delete(key);
        scenes.set(key, scene);
      }
      return scene;
    },
    set(scene) {
      if (scenes.has(scene.key) || scene.data.byteLength > maxBytes) return;
      scenes.set(scene.key, scene);
      bytes += scene.data.byteLength;
      for (const [key, old] of scenes) {
        if (bytes <= maxBytes) break;
        scenes.delete(key);
        bytes -= old.data.byteLength;
      }
    },
    stats: () => ({ entries: scenes.size, bytes }),
  };
}
