// Draws public/og-image.png (1200 x 630), the picture link previews show, from the hero art.
import { readFileSync, writeFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';

const hero = readFileSync('public/images/hero-cover.svg', 'utf8')
  .replace(/^<svg[^>]*>/, '')
  .replace(/<\/svg>\s*$/, '');
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#fffaf3"/>
  <circle cx="1080" cy="80" r="220" fill="#cfe8e6"/>
  <circle cx="90" cy="600" r="160" fill="#fff3df"/>
  <g transform="translate(700 40) scale(0.93)">${hero}</g>
  <g transform="translate(80 200)">
    <path d="M48 20C36 10 20 8 6 12v56c14-4 30-2 42 8 12-10 28-12 42-8V12c-14-4-30-2-42 8z" fill="#fff3df" stroke="#0f5e63" stroke-width="5" stroke-linejoin="round"/>
    <path d="M48 20v56" stroke="#0f5e63" stroke-width="5"/>
    <path d="M72 24l3.6 7.4 8 1.2-5.8 5.6 1.4 8-7.2-3.8-7.2 3.8 1.4-8-5.8-5.6 8-1.2z" fill="#e8a23a"/>
  </g>
  <text x="190" y="262" font-family="Baloo 2" font-weight="800" font-size="64" fill="#0f5e63">Storymade</text>
  <text x="80" y="370" font-family="Baloo 2" font-weight="700" font-size="50" fill="#1f2a37">You can do it</text>
  <rect x="80" y="396" width="330" height="8" rx="4" fill="#b4430f"/>
  <text x="80" y="460" font-family="Baloo 2" font-weight="600" font-size="30" fill="#4b5563">A personalised football story</text>
  <text x="80" y="500" font-family="Baloo 2" font-weight="600" font-size="30" fill="#4b5563">starring your child, dad and mum</text>
</svg>`;
const png = new Resvg(svg, {
  fitTo: { mode: 'width', value: 1200 },
  font: {
    loadSystemFonts: false,
    defaultFontFamily: 'Baloo 2',
    fontFiles: [
      'node_modules/@expo-google-fonts/baloo-2/800ExtraBold/Baloo2_800ExtraBold.ttf',
      'node_modules/@expo-google-fonts/baloo-2/700Bold/Baloo2_700Bold.ttf',
      'node_modules/@expo-google-fonts/baloo-2/600SemiBold/Baloo2_600SemiBold.ttf',
    ],
  },
})
  .render()
  .asPng();
writeFileSync('public/og-image.png', png);
console.log(`public/og-image.png: ${png.length} bytes`);
