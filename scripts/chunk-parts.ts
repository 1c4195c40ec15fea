// `node --import tsx scripts/chunk-parts.ts`: the preview's drawing chunk (#34) by part. Builds the
// client with source maps into a temporary folder (dist/ is left as it is), then gives each byte of
// the chunk to the source file it came from (the source map) and sums them by part: the art
// (characters, scenes, props), the text (the story, grammar, layout, the fonts' metrics), the rest
// of the renderer (pages, checks, family) and the bundler's own glue; each part gzipped on its own
// (so the parts add up to a little more than the chunk gzipped whole), and the WOFF2 fonts it loads.
// `scripts/chunk-parts.ts dist personalization …`: any chunks, by the name before their hash, each
// by source file instead (largest first, raw and gzipped on its own; `TOP=n` rows, default 15):
// what a chunk of the first step's JavaScript (npm run bench:builder FILES=1 lists them) holds.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const outDir = mkdtempSync(path.join(tmpdir(), 'storymade-chunk-parts-'));
try {
  execFileSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--sourcemap', '--outDir', outDir, '--emptyOutDir'],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const assets = path.join(outDir, 'assets');
  const files = readdirSync(assets);
  const named = process.argv.slice(2);
  if (named.length) bySource(assets, files, named);
  else wholePreviewChunk(assets, files);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

/** The preview's drawing chunk by part, and the fonts it loads. */
function wholePreviewChunk(assets: string, files: string[]) {
  const chunk = files.find((file) => /^preview-drawing-[^.]+\.js$/.test(file));
  if (!chunk) throw new Error('no preview-drawing chunk in the build');
  const code = readFileSync(path.join(assets, chunk), 'utf8');
  const map = JSON.parse(readFileSync(path.join(assets, `${chunk}.map`), 'utf8')) as {
    sources: string[];
    mappings: string;
  };
  const parts = new Map<string, string[]>();
  const add = (part: string, text: string) => {
    if (!parts.has(part)) parts.set(part, []);
    parts.get(part)!.push(text);
  };
  attribute(code, map, (owner, text) => add(partOf(owner), text));
  function partOf(source: string | undefined) {
    if (source === undefined) return 'glue (unmapped)';
    const file = path.relative(process.cwd(), path.resolve(assets, source));
    if (/^book\/(art|characters|scenes|props)\//.test(file)) return 'art';
    if (/^book\/(story|grammar|text)\/|^book\/(typography|font-metrics|fonts)\b|metrics/.test(file))
      return 'text';
    if (/node_modules/.test(file)) return 'libraries';
    return 'renderer and checks';
  }
  const whole = Buffer.byteLength(code);
  const wholeGz = gzipSync(code, { level: 9 }).byteLength;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`${chunk}: ${kb(whole)}, ${kb(wholeGz)} gzipped`);
  const rows = [...parts].map(([part, texts]) => {
    const joined = texts.join('');
    return {
      part,
      bytes: Buffer.byteLength(joined),
      gz: gzipSync(joined, { level: 9 }).byteLength,
    };
  });
  rows.sort((a, b) => b.bytes - a.bytes);
  for (const { part, bytes, gz } of rows)
    console.log(
      `  ${part.padEnd(22)} ${kb(bytes).padStart(9)}  ${kb(gz).padStart(8)} gzipped on its own`,
    );
  const fonts = files.filter((file) => file.endsWith('.woff2') && /^(display|text)-/.test(file));
  let fontBytes = 0;
  for (const file of fonts) {
    const bytes = statSync(path.join(assets, file)).size;
    fontBytes += bytes;
    console.log(`  font ${file.padEnd(24)} ${kb(bytes).padStart(9)} (WOFF2: compressed already)`);
  }
  console.log(`chunk gzipped + fonts: ${kb(wholeGz + fontBytes)} (goal at most 150 KB with fonts)`);
}

type SourceMap = { sources: string[]; mappings: string };

/** Hands each stretch of `code` to `add` with the source file it came from (undefined: glue). */
function attribute(
  code: string,
  map: SourceMap,
  add: (source: string | undefined, text: string) => void,
) {
  const lines = code.split('\n');
  let source = 0;
  map.mappings.split(';').forEach((line, at) => {
    const text = lines[at] ?? '';
    const segments = line === '' ? [] : line.split(',').map(decodeVlq);
    let column = 0;
    let from = 0;
    let owner: string | undefined;
    for (const segment of segments) {
      column += segment[0]!;
      add(owner, text.slice(from, column));
      if (segment.length >= 4) {
        source += segment[1]!;
        owner = map.sources[source];
      } else owner = undefined;
      // (the segment's source line and column, and a name, are not needed here)
      from = column;
    }
    add(owner, text.slice(from) + '\n');
  });
}

/** Each named chunk by source file: raw bytes and each file's bytes gzipped on their own. */
function bySource(assets: string, files: string[], names: string[]) {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const top = Number(process.env.TOP ?? 15);
  for (const name of names) {
    const matches = files.filter(
      (file) =>
        file.startsWith(`${name}-`) && file.endsWith('.js') && files.includes(`${file}.map`),
    );
    if (!matches.length) console.log(`${name}: no such chunk`);
    for (const chunk of matches) {
      const code = readFileSync(path.join(assets, chunk), 'utf8');
      const map = JSON.parse(readFileSync(path.join(assets, `${chunk}.map`), 'utf8')) as SourceMap;
      const texts = new Map<string, string[]>();
      attribute(code, map, (owner, text) => {
        const file =
          owner === undefined
            ? 'glue (unmapped)'
            : path.relative(process.cwd(), path.resolve(assets, owner));
        if (!texts.has(file)) texts.set(file, []);
        texts.get(file)!.push(text);
      });
      const rows = [...texts]
        .map(([file, parts]) => {
          const joined = parts.join('');
          return {
            file,
            bytes: Buffer.byteLength(joined),
            gz: gzipSync(joined, { level: 9 }).byteLength,
          };
        })
        .sort((a, b) => b.bytes - a.bytes);
      console.log(
        `${chunk}: ${kb(Buffer.byteLength(code))}, ${kb(gzipSync(code, { level: 9 }).byteLength)} gzipped, ${rows.length} sources`,
      );
      for (const { file, bytes, gz } of rows.slice(0, top))
        console.log(`  ${kb(bytes).padStart(9)} ${kb(gz).padStart(8)} gz  ${file}`);
      if (rows.length > top) console.log(`  … ${rows.length - top} more`);
    }
  }
}

/** One segment of a source map's mappings: its base64 VLQ fields, relative as the map gives them. */
function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}
