import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { characterSetToAssetNames, defaultCharacters } from '#book/character-set.ts';
import { BODY_OF_KIND, CALL_WORDS, SHAPE_MEMBERS } from '#book/family.ts';
import type { FamilyPayload } from '#contract/family.ts';
import {
  baseKeyOf,
  sceneKeyOf,
  type PreviewJob,
} from '#server/services/rendering/render-preview.ts';
import { previewKey } from '#server/services/rendering/preview-service.ts';
import { createTestApp } from './helpers.ts';

// Who is in the book (issue #33) through the preview API: the preview draws and words the family
// the parent chose, refuses a family the save would refuse, and leaves today's book as it was.

let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await createTestApp());
});
afterAll(async () => {
  await close();
});

const set = defaultCharacters('girl');
const girlAssets = characterSetToAssetNames(set);

function familyOf(
  shape: FamilyPayload['shape'],
  language: 'lv' | 'en-gb' = 'en-gb',
): FamilyPayload {
  return {
    shape,
    grownUps: SHAPE_MEMBERS[shape].map((kind, i) => ({
      kind,
      name: ['Ilze', 'Jānis'][i] ?? null,
      call: CALL_WORDS[language][kind][i] ?? (CALL_WORDS[language][kind][0] as string),
      personalization: set[BODY_OF_KIND[kind]],
    })),
  };
}

function post(path: string, body: Record<string, unknown>) {
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      childName: 'Anna',
      personalizationDetails: girlAssets,
      language: 'en-gb',
      gender: 'girl',
      ...body,
    }),
  });
}

async function bytesOf(response: Response): Promise<Buffer> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/webp');
  return Buffer.from(await response.arrayBuffer());
}

async function fieldsOf(response: Response): Promise<Record<string, string[]>> {
  expect(response.status).toBe(400);
  const body = (await response.json()) as { error: string; fields?: Record<string, string[]> };
  expect(body.error.length).toBeGreaterThan(0);
  return body.fields ?? {};
}

// A spread where the story shows and names the grown-ups (the family hug).
const PAGE = 'page_41-42';

describe('POST /api/preview/generateImage with a family', () => {
  it('draws a two-mums book unlike the mum-dad one, and each call word gives its own image', async () => {
    const mumDad = await bytesOf(await post('/api/preview/generateImage', { page: PAGE }));
    const twoMums = await post('/api/preview/generateImage', {
      page: PAGE,
      family: familyOf('mum-mum'),
    });
    const twoMumsBytes = await bytesOf(twoMums);
    expect(twoMumsBytes.equals(mumDad)).toBe(false);

    const family = familyOf('mum-mum');
    family.grownUps[1]!.call = 'Mama';
    const otherWords = await post('/api/preview/generateImage', { page: PAGE, family });
    expect(otherWords.headers.get('etag')).not.toBe(twoMums.headers.get('etag'));
    expect((await bytesOf(otherWords)).equals(twoMumsBytes)).toBe(false);
  });

  it('gives one grown-up and two grandparents their own images', async () => {
    const etags = new Set<string | null>();
    for (const shape of ['mum-dad', 'mum', 'grandma-grandpa'] as const) {
      const response = await post('/api/preview/generateImage', {
        page: PAGE,
        family: familyOf(shape),
      });
      await bytesOf(response);
      etags.add(response.headers.get('etag'));
    }
    expect(etags.size).toBe(3);
  });

  it('draws the mum-dad book without a family exactly as the default mum-dad family', async () => {
    const without = await bytesOf(await post('/api/preview/generateImage', { page: 'page_3-4' }));
    const withDefault = await bytesOf(
      await post('/api/preview/generateImage', { page: 'page_3-4', family: familyOf('mum-dad') }),
    );
    expect(withDefault.equals(without)).toBe(true);
  });

  it('refuses a family the save would refuse with field errors, never a 500', async () => {
    const sameWord = familyOf('mum-mum');
    sameWord.grownUps[1]!.call = sameWord.grownUps[0]!.call;
    expect(
      Object.keys(
        await fieldsOf(await post('/api/preview/generateImage', { page: PAGE, family: sameWord })),
      ).some((key) => key.startsWith('family.grownUps.')),
    ).toBe(true);

    const wrongKind = familyOf('mum-mum');
    wrongKind.grownUps[1]!.kind = 'dad';
    wrongKind.grownUps[1]!.call = 'Dad';
    expect(
      Object.keys(
        await fieldsOf(await post('/api/preview/generateImage', { page: PAGE, family: wrongKind })),
      ).some((key) => key.startsWith('family.')),
    ).toBe(true);

    const badLook = familyOf('mum');
    badLook.grownUps[0]!.personalization = {
      ...badLook.grownUps[0]!.personalization,
      hair: 'dad_hair_nope',
    };
    expect(
      Object.keys(
        await fieldsOf(await post('/api/preview/generateImage', { page: PAGE, family: badLook })),
      ).some((key) => key.startsWith('family.grownUps.0.personalization')),
    ).toBe(true);

    const byName = familyOf('dad');
    byName.grownUps[0]!.call = 'name';
    byName.grownUps[0]!.name = null;
    expect(
      Object.keys(
        await fieldsOf(await post('/api/preview/generateImage', { page: PAGE, family: byName })),
      ).some((key) => key.startsWith('family.grownUps.0')),
    ).toBe(true);

    for (const family of ['two mums', 7, { shape: 'aunt', grownUps: [] }, { shape: 'mum' }, null]) {
      expect(
        Object.keys(
          await fieldsOf(await post('/api/preview/generateImage', { page: PAGE, family })),
        ).some((key) => key.startsWith('family')),
      ).toBe(true);
    }
  });
});

describe('POST /api/preview/generateDedicationImage with a family', () => {
  it('takes the family and refuses a bad one like the image call', async () => {
    const ok = await post('/api/preview/generateDedicationImage', {
      dedication: 'Dear Anna,\nLove, Mum and Mama',
      family: familyOf('mum-mum'),
    });
    await bytesOf(ok);
    const bad = familyOf('mum-mum');
    bad.grownUps[1]!.call = 'Grandpa';
    const fields = await fieldsOf(
      await post('/api/preview/generateDedicationImage', { dedication: 'Love', family: bad }),
    );
    expect(Object.keys(fields).some((key) => key.startsWith('family.grownUps.1'))).toBe(true);
  });
});

describe('preview keys', () => {
  const job: PreviewJob = {
    page: PAGE,
    language: 'en-gb',
    child: { name: 'Anna', gender: 'girl' },
    characters: set,
  };

  it('keep the base key of a book without a family as it was before families', () => {
    const before = createHash('sha256')
      .update(`base\0${sceneKeyOf(job)}\0${job.page}\0${JSON.stringify(job.characters)}`)
      .digest('hex');
    expect(baseKeyOf(job)).toBe(before);
    expect(previewKey({ ...job, family: undefined } as PreviewJob, 'v')).toBe(previewKey(job, 'v'));
  });

  it('change the base key with the grown-ups and the image key with their words and names', () => {
    const look = (kind: 'mum' | 'dad') => set[kind];
    const twoMums: PreviewJob = {
      ...job,
      family: {
        shape: 'mum-mum',
        grownUps: [
          { kind: 'mum', call: 'Mum', name: 'Ilze', look: look('mum') },
          { kind: 'mum', call: 'Mummy', name: 'Anda', look: look('mum') },
        ],
      },
    };
    expect(baseKeyOf(twoMums)).not.toBe(baseKeyOf(job));
    const renamed: PreviewJob = {
      ...twoMums,
      family: {
        ...twoMums.family!,
        grownUps: [
          twoMums.family!.grownUps[0]!,
          { ...twoMums.family!.grownUps[1]!, call: 'Mama', name: 'Liene' },
        ],
      },
    };
    // Words and names do not change the figures, but they change the image.
    expect(baseKeyOf(renamed)).toBe(baseKeyOf(twoMums));
    expect(previewKey(renamed, 'v')).not.toBe(previewKey(twoMums, 'v'));
    expect(previewKey(twoMums, 'v')).not.toBe(previewKey(job, 'v'));
  });
});
