// The preview's drawing workers as the page sees them (#34): each page drawn by the same worker
// every time, a page asked for now drawn before pages drawn ahead, drawing ahead replaced by newer
// drawing ahead, a page whose inputs did not change not drawn again, refusals told apart from a
// broken worker. The workers here run the real renderer (draw-page.ts) in this thread and answer
// in a later task, as a worker does.
import { describe, expect, it } from 'vitest';
import { PAGE_IDS } from '#book/types.ts';
import {
  DrawPool,
  RefusedHere,
  drawKeyOf,
  type DrawWorker,
} from '#src/features/builder/preview-draw-pool.ts';
import {
  CannotDrawHere,
  drawPage,
  pageDrawingOf,
  type PageRequest,
} from '#src/features/builder/preview-drawing/draw-page.ts';
import type { DrawAnswer, DrawJob } from '#src/features/builder/preview-drawing/draw-worker.ts';

const BOOK = {
  language: 'en-gb',
  childName: 'Ella',
  gender: 'girl',
  personalizationDetails: [],
  dedication: 'For Ella, with love.',
} as const satisfies Omit<PageRequest, 'page'>;

const request = (page: string, change: Partial<PageRequest> = {}): PageRequest => ({
  ...BOOK,
  personalizationDetails: [],
  page,
  ...change,
});

class SameThreadWorker implements DrawWorker {
  onmessage: ((event: MessageEvent<DrawAnswer>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  /** The pages this worker drew, in order. */
  readonly drew: string[] = [];
  broken = false;
  postMessage({ id, request }: DrawJob): void {
    setTimeout(() => {
      if (this.broken) return this.onerror?.(new ErrorEvent('error'));
      this.drew.push(request.page);
      let answer: DrawAnswer;
      try {
        answer = { id, ...pageDrawingOf(drawPage(request)) };
      } catch (error) {
        answer = { id, error: String(error), refused: error instanceof CannotDrawHere };
      }
      this.onmessage?.(new MessageEvent('message', { data: answer }));
    });
  }
  terminate(): void {}
}

function poolOf(count: number) {
  const workers: SameThreadWorker[] = [];
  const pool = new DrawPool(() => {
    const worker = new SameThreadWorker();
    workers.push(worker);
    return worker;
  }, count);
  return { pool, workers };
}

describe('the preview drawing pool', () => {
  it('draws a page as the renderer does, each page always on the same worker', async () => {
    const { pool, workers } = poolOf(2);
    const drawing = await pool.draw(request('page_3-4'));
    const drawn = drawPage(request('page_3-4'));
    expect(drawing.svg).toBe(drawn.svg);
    expect(drawing.svg).toContain('Ella');
    // The thumbnail's layers: the picture without its words (an image), and the words alone.
    expect(drawing.art.type).toBe('image/svg+xml');
    expect(drawing.art.size).toBe(new TextEncoder().encode(drawn.art).length);
    expect(drawn.art).not.toContain('<text');
    expect(drawing.words).toContain('Ella');
    expect(drawing.words).toContain('<text');
    await pool.draw(request('page_3-4', { childName: 'Marta' }));
    const drewIt = workers.filter((worker) => worker.drew.includes('page_3-4'));
    expect(drewIt).toHaveLength(1);
    expect(drewIt[0]!.drew).toEqual(['page_3-4', 'page_3-4']);
  });

  it('draws a page whose inputs did not change once; a new dedication redraws the dedication page only', async () => {
    const { pool, workers } = poolOf(2);
    const first = await pool.draw(request('dedication'));
    await pool.draw(request('cover'));
    expect(await pool.draw(request('dedication'))).toBe(first);
    await pool.draw(request('cover', { dedication: 'Another line' }));
    const again = await pool.draw(request('dedication', { dedication: 'Another line' }));
    expect(again.svg).toContain('Another line');
    expect(again.words).toContain('Another line');
    expect(workers.flatMap((worker) => worker.drew).sort()).toEqual([
      'cover',
      'dedication',
      'dedication',
    ]);
  });

  it('draws a page asked for now before the pages drawn ahead, and drops drawing ahead a newer one replaced', async () => {
    const { pool, workers } = poolOf(1);
    pool.drawAhead(PAGE_IDS.slice(0, 6).map((page) => request(page)));
    // The parent changed the name: the old drawing ahead that has not started is dropped.
    pool.drawAhead(PAGE_IDS.slice(0, 6).map((page) => request(page, { childName: 'Marta' })));
    const shown = await pool.draw(request('page_7-8', { childName: 'Marta' }));
    expect(shown.svg).toContain('Marta');
    // Ella's cover (started before the change), then the page asked for, before Marta's cover.
    expect(workers[0]!.drew.slice(0, 3)).toEqual(['cover', 'page_7-8']);
    // A page waiting to be drawn ahead, asked for now, goes first.
    await pool.draw(request('page_5-6', { childName: 'Marta' }));
    expect(workers[0]!.drew).toEqual(['cover', 'page_7-8', 'cover', 'page_5-6']);
    // Marta's pages (page_7-8 among them) each drawn once; Ella's, but for her cover, never.
    await Promise.all(
      PAGE_IDS.slice(0, 6).map((page) => pool.draw(request(page, { childName: 'Marta' }))),
    );
    expect([...workers[0]!.drew].sort()).toEqual(['cover', ...PAGE_IDS.slice(0, 6)].sort());
  });

  it('tells a page the browser cannot draw (the server can) from a worker that stopped', async () => {
    const { pool, workers } = poolOf(2);
    await expect(pool.draw(request('cover', { childName: '' }))).rejects.toBeInstanceOf(
      RefusedHere,
    );
    workers[0]!.broken = true;
    const failed = pool.draw(request('cover'));
    await expect(failed).rejects.toThrow('the drawing worker stopped');
    await expect(failed).rejects.not.toBeInstanceOf(RefusedHere);
    expect(pool.working).toBe(true); // the other worker still draws
    expect((await pool.draw(request('dedication'))).svg).toContain('<svg');
  });

  it('keys a page by what it is drawn from: the dedication counts on its own page only', () => {
    expect(drawKeyOf(request('cover'))).toBe(drawKeyOf(request('cover', { dedication: 'x' })));
    expect(drawKeyOf(request('dedication'))).not.toBe(
      drawKeyOf(request('dedication', { dedication: 'x' })),
    );
    expect(drawKeyOf(request('cover'))).not.toBe(
      drawKeyOf(request('cover', { childName: 'Marta' })),
    );
  });
});

describe('the pool hands over what it drew', () => {
  it('peeks at pages drawn already and tells of each drawing it makes and lets go of', async () => {
    const drawn: string[] = [];
    const dropped: string[] = [];
    const pool = new DrawPool(() => new SameThreadWorker(), 1, 2, {
      drawn: ({ svg }) => void drawn.push(svg),
      dropped: ({ svg }) => void dropped.push(svg),
    });
    expect(pool.peek(request('cover'))).toBeUndefined();
    const cover = await pool.draw(request('cover'));
    expect(pool.peek(request('cover'))).toBe(cover);
    // The dedication does not change the cover's drawing.
    expect(pool.peek(request('cover', { dedication: 'Another line' }))).toBe(cover);
    const dedication = await pool.draw(request('dedication'));
    // Peeked at, the cover is the newest: the dedication page is let go of first.
    pool.peek(request('cover'));
    await pool.draw(request('page_1-2'));
    expect(drawn).toHaveLength(3);
    expect(dropped).toEqual([dedication.svg]);
    expect(pool.peek(request('dedication'))).toBeUndefined();
    expect(pool.peek(request('cover'))).toBe(cover);
  });

  it('keeps the newest three drawings of the dedication page, not one for every change of its words', async () => {
    const dropped: string[] = [];
    const pool = new DrawPool(() => new SameThreadWorker(), 1, 96, {
      dropped: ({ svg }) => void dropped.push(svg),
    });
    const spreads = await Promise.all(PAGE_IDS.map((page) => pool.draw(request(page))));
    const words = ['For Ella', 'For Ella,', 'For Ella, with', 'For Ella, with love', 'For Ella!'];
    const drawings = [];
    for (const dedication of words)
      drawings.push(await pool.draw(request('dedication', { dedication })));
    // The book's own dedication and the two oldest wordings are let go of (compared by their
    // words: a failure prints them, not whole pages); every other page of the book stays drawn.
    const wordsOf = (svg: string) => svg.match(/<text[^>]*>([^<]*)<\/text>/)?.[1];
    expect(dropped.map(wordsOf)).toEqual(['For Ella, with love.', ...words.slice(0, 2)]);
    expect(dropped[1]).toBe(drawings[0]!.svg);
    for (const dedication of words.slice(2))
      expect(pool.peek(request('dedication', { dedication }))).toBeDefined();
    expect(pool.peek(request('dedication', { dedication: words[0] }))).toBeUndefined();
    PAGE_IDS.forEach((page, at) => {
      if (page !== 'dedication') expect(pool.peek(request(page))).toBe(spreads[at]);
    });
  });
});
