// Draws the reward page's thank-you video from the book's art with our renderer: scenes of the
// football story without their words (the words are in the captions, one file per language),
// cross-fading one into the next. Writes public/video/thank-you.{webm,mp4}, its poster and
// public/video/thank-you.<language>.vtt from the `reward.captions` lines of src/locales/*/survey.json.
// Needs ffmpeg on the PATH (Debian: apt-get install -y ffmpeg); the output is committed.
// Run: node --import tsx scripts/make-reward-video.ts
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { PageId } from '#book/types.ts';
import { encodeVideo, samplesFor, videoFrame } from './marketing/draw.ts';

const OUT_DIR = 'public/video';
const SCENES: PageId[] = [
  'cover',
  'page_7-8',
  'page_15-16',
  'page_29-30',
  'page_39-40',
  'page_41-42',
];
const SECONDS_EACH = 2.2;
const SIZE = { width: 640, height: 392 };
const LANGUAGES = ['lv', 'en-GB', 'en-US'] as const;

mkdirSync(OUT_DIR, { recursive: true });
const sample = samplesFor('en-gb')[0]!;
const framesDir = mkdtempSync(path.join(tmpdir(), 'storymade-reward-'));
const frames: string[] = [];
for (const [i, page] of SCENES.entries()) {
  const file = path.join(framesDir, `frame-${i}.png`);
  await videoFrame(sample, page, SIZE, file, { text: false });
  frames.push(file);
}
await sharp(frames[0]).webp({ quality: 70 }).toFile(path.join(OUT_DIR, 'thank-you-poster.webp'));
encodeVideo(frames, SECONDS_EACH, path.join(OUT_DIR, 'thank-you'));
rmSync(framesDir, { recursive: true });

/** 00:00:02.200 */
function timestamp(seconds: number): string {
  const whole = Math.floor(seconds);
  const ms = Math.round((seconds - whole) * 1000);
  return `00:${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}.${String(ms).padStart(3, '0')}`;
}

for (const language of LANGUAGES) {
  const survey = JSON.parse(readFileSync(`src/locales/${language}/survey.json`, 'utf8')) as {
    reward: { captions: string[] };
  };
  const lines = survey.reward.captions;
  if (lines.length !== SCENES.length)
    throw new Error(`${language}: reward.captions needs ${SCENES.length} lines, one per scene`);
  const cues = lines.map(
    (line, i) =>
      `${i + 1}\n${timestamp(i * SECONDS_EACH + (i ? 0.2 : 0))} --> ${timestamp((i + 1) * SECONDS_EACH + 0.2)}\n${line}`,
  );
  writeFileSync(
    path.join(OUT_DIR, `thank-you.${language}.vtt`),
    `WEBVTT\n\n${cues.join('\n\n')}\n`,
  );
}

for (const file of ['thank-you.webm', 'thank-you.mp4', 'thank-you-poster.webp']) {
  console.log(file.padEnd(24), `${(statSync(path.join(OUT_DIR, file)).size / 1024).toFixed(1)} KB`);
}
