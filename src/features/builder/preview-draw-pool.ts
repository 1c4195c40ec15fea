// The preview's drawing workers (#34), seen from the page: each page is drawn by one of them
// (./preview-drawing/draw-worker.ts), always the same one for the same page, so that worker's
// memos (the page's scene and figures) make the next drawing of it quick. The page asks for a
// page now (`draw`: before anything else) or for the pages it will likely show next (`drawAhead`:
// behind, replacing any drawing ahead not started yet). What is drawn is kept by what it was
// drawn from, so a page whose inputs did not change is not drawn again.
import { PAGE_IDS } from '#book/types.ts';
import type { PageDrawing, PageRequest } from './preview-drawing/draw-page.ts';
import type { DrawAnswer, DrawJob } from './preview-drawing/draw-worker.ts';

/** What the pool needs of a Worker (tests give it one that draws in the same thread). */
export interface DrawWorker {
  postMessage(job: DrawJob): void;
  onmessage: ((event: MessageEvent<DrawAnswer>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate(): void;
}

/** The browser cannot draw this page (a refused name, a letter outside its fonts): the server can. */
export class RefusedHere extends Error {}

interface Job {
  id: number;
  key: string;
  request: PageRequest;
  ahead: boolean;
  resolve(drawing: PageDrawing): void;
  reject(error: Error): void;
}

interface Entry {
  page: string;
  promise: Promise<PageDrawing>;
  /** Not drawn yet. */
  job?: Job;
  /** Drawn. */
  drawing?: PageDrawing;
}

interface Lane {
  worker: DrawWorker;
  queue: Job[];
  running: Job | null;
  broken: boolean;
}

/** How many drawings of the dedication page (each with other words) are kept at most. */
const KEEP_DEDICATIONS = 3;

/** A page's drawing depends on these only: the dedication is the dedication page's alone. */
export function drawKeyOf(request: PageRequest): string {
  const { dedication, ...rest } = request;
  return JSON.stringify(request.page === 'dedication' ? [rest, dedication ?? ''] : [rest]);
}

function withoutOtherDedication(request: PageRequest): PageRequest {
  if (request.page === 'dedication' || request.dedication === undefined) return request;
  const { dedication: _, ...rest } = request;
  return rest;
}

export class DrawPool {
  private readonly lanes: Lane[];
  /** Pages drawn or being drawn, by drawKeyOf, the newest last (at most `keep`). */
  private readonly drawn = new Map<string, Entry>();
  private nextId = 1;

  constructor(
    makeWorker: () => DrawWorker,
    count: number,
    private readonly keep = 96,
    /** Told of each page drawn, and of each drawing the pool lets go of (the page's object URL). */
    private readonly hooks: {
      drawn?(drawing: PageDrawing): void;
      dropped?(drawing: PageDrawing): void;
    } = {},
  ) {
    this.lanes = Array.from({ length: Math.max(1, count) }, () => {
      const lane: Lane = { worker: makeWorker(), queue: [], running: null, broken: false };
      lane.worker.onmessage = ({ data }) => this.answered(lane, data);
      lane.worker.onerror = () => this.broke(lane);
      return lane;
    });
  }

  /** Whether any worker still draws (a worker that failed to start or crashed is left out). */
  get working(): boolean {
    return this.lanes.some((lane) => !lane.broken);
  }

  /** The page drawn before any page drawn ahead: its drawing, or the reason it was not drawn. */
  draw(request: PageRequest): Promise<PageDrawing> {
    const key = drawKeyOf(request);
    const known = this.drawn.get(key);
    if (known) {
      this.touch(key, known);
      const job = known.job;
      if (job?.ahead) {
        // Waiting behind other pages drawn ahead: to the front of its worker's queue.
        const lane = this.laneOf(job.request);
        const at = lane.queue.indexOf(job);
        if (at > 0) {
          lane.queue.splice(at, 1);
          lane.queue.unshift(job);
        }
        job.ahead = false;
      }
      return known.promise;
    }
    return this.add(request, key, false);
  }

  /**
   * These pages drawn when the workers have nothing else to do, in this order; pages drawn ahead
   * before and not started yet are dropped (the parent has changed something since).
   */
  drawAhead(requests: readonly PageRequest[]): void {
    for (const lane of this.lanes) {
      const dropped = lane.queue.filter((job) => job.ahead);
      lane.queue = lane.queue.filter((job) => !job.ahead);
      for (const job of dropped) {
        this.drawn.delete(job.key);
        job.reject(new Error('no longer needed'));
      }
    }
    for (const request of requests) {
      const key = drawKeyOf(request);
      if (!this.drawn.has(key)) void this.add(request, key, true).catch(() => {});
    }
  }

  /** The page as drawn already, if it is (a screen opening shows these in its first frame). */
  peek(request: PageRequest): PageDrawing | undefined {
    const key = drawKeyOf(request);
    const entry = this.drawn.get(key);
    if (!entry?.drawing) return undefined;
    this.touch(key, entry); // shown again: the newest, the last to be let go of
    return entry.drawing;
  }

  terminate(): void {
    for (const lane of this.lanes) lane.worker.terminate();
  }

  private add(request: PageRequest, key: string, ahead: boolean): Promise<PageDrawing> {
    const lane = this.laneOf(request);
    if (lane.broken) return Promise.reject(new Error('the drawing worker stopped'));
    let job!: Job;
    const promise = new Promise<PageDrawing>((resolve, reject) => {
      job = {
        id: this.nextId++,
        key,
        request: withoutOtherDedication(request),
        ahead,
        resolve,
        reject,
      };
    });
    const entry: Entry = { page: request.page, promise, job };
    this.drawn.set(key, entry);
    // A failure is not kept: asked again, the page is drawn again (or handed to the server).
    promise.then(
      (drawing) => {
        if (this.drawn.get(key) !== entry) return;
        this.drawn.set(key, { page: request.page, promise, drawing });
        this.hooks.drawn?.(drawing);
      },
      () => {
        if (this.drawn.get(key) === entry) this.drawn.delete(key);
      },
    );
    if (ahead) lane.queue.push(job);
    else {
      // Before every page drawn ahead, behind the pages asked for before it.
      const at = lane.queue.findIndex((waiting) => waiting.ahead);
      lane.queue.splice(at === -1 ? lane.queue.length : at, 0, job);
    }
    // The dedication page is drawn ahead again at each pause in the parent's writing (the builder
    // draws the book ahead a moment after every change): only the newest few are kept, not one a
    // pause in place of the spreads drawn ahead.
    if (request.page === 'dedication') {
      const older = [...this.drawn].filter(
        ([other, { page, drawing }]) => other !== key && page === 'dedication' && drawing,
      );
      for (const [other, { drawing }] of older.slice(
        0,
        Math.max(0, older.length - KEEP_DEDICATIONS + 1),
      )) {
        this.drawn.delete(other);
        this.hooks.dropped?.(drawing!);
      }
    }
    while (this.drawn.size > this.keep) {
      const oldest = this.drawn.keys().next().value!;
      const entry = this.drawn.get(oldest);
      if (entry?.job) break; // not drawn yet: kept until it is
      this.drawn.delete(oldest);
      if (entry?.drawing) this.hooks.dropped?.(entry.drawing);
    }
    this.pump(lane);
    return promise;
  }

  private touch(key: string, entry: Entry): void {
    this.drawn.delete(key);
    this.drawn.set(key, entry);
  }

  private laneOf(request: PageRequest): Lane {
    const at = (PAGE_IDS as readonly string[]).indexOf(request.page);
    return this.lanes[Math.max(at, 0) % this.lanes.length]!;
  }

  private pump(lane: Lane): void {
    if (lane.running || lane.broken) return;
    const job = lane.queue.shift();
    if (!job) return;
    lane.running = job;
    lane.worker.postMessage({ id: job.id, request: job.request });
  }

  private answered(lane: Lane, answer: DrawAnswer): void {
    const job = lane.running;
    if (!job || job.id !== answer.id) return;
    lane.running = null;
    if ('svg' in answer) job.resolve({ svg: answer.svg, art: answer.art, words: answer.words });
    else job.reject(answer.refused ? new RefusedHere(answer.error) : new Error(answer.error));
    this.pump(lane);
  }

  private broke(lane: Lane): void {
    lane.broken = true;
    const jobs = [...(lane.running ? [lane.running] : []), ...lane.queue];
    lane.running = null;
    lane.queue = [];
    for (const job of jobs) job.reject(new Error('the drawing worker stopped'));
  }
}
