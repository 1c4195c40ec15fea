// Unnamed background figures: teammates, opponents, a referee, a goalkeeper, playground
// children. Simple, rounded and smaller than the family so the personalised characters always
// read first. Feet centre at (x, y), h = height in units.

import { INK, PAPER, circle, ellipse, n, path, shade } from './kit.ts';

type ExtraPose = 'stand' | 'run' | 'cheer' | 'kick' | 'dive' | 'sad';

export interface Extra {
  x: number;
  y: number;
  h: number;
  shirt: string;
  shorts?: string;
  skin?: string;
  hair?: string;
  pose?: ExtraPose;
  flip?: boolean;
  /** Goalkeeper gloves, or a referee's whistle colour: small accent on the hands. */
  hands?: string;
}

const SKINS = ['#f6cba5', '#e2ab7c', '#c48654', '#91603d', '#fde4d0', '#633f29'];
const HAIRS = ['#2f2623', '#6e4327', '#ebc66b', '#c9562c', '#a97c50'];

/** Picks skin and hair for the i-th extra so a crowd of players looks varied but stable. */
export function variety(i: number): { skin: string; hair: string } {
  return {
    skin: SKINS[(i * 7 + 3) % SKINS.length] ?? '#f6cba5',
    hair: HAIRS[(i * 5 + 1) % HAIRS.length] ?? '#2f2623',
  };
}

type Pt = [number, number];

function limb(points: Pt[], color: string, width: number, outline: number): string {
  const d = points.map((p, i) => `${i ? 'L' : 'M'}${n(p[0])} ${n(p[1])}`).join('');
  return (
    `<path d="${d}" stroke="${INK}" stroke-width="${n(width + outline * 2)}"/>` +
    `<path d="${d}" stroke="${color}" stroke-width="${n(width)}"/>`
  );
}

interface Skeleton {
  legs: [Pt[], Pt[]];
  arms: [Pt[], Pt[]];
  tilt: number;
}

const POSE: Record<ExtraPose, Skeleton> = {
  stand: {
    legs: [
      [
        [-50, -300],
        [-60, -40],
      ],
      [
        [50, -300],
        [60, -40],
      ],
    ],
    arms: [
      [
        [-100, -660],
        [-150, -430],
      ],
      [
        [100, -660],
        [150, -430],
      ],
    ],
    tilt: 0,
  },
  sad: {
    legs: [
      [
        [-50, -300],
        [-55, -40],
      ],
      [
        [50, -300],
        [55, -40],
      ],
    ],
    arms: [
      [
        [-100, -660],
        [-120, -420],
      ],
      [
        [100, -660],
        [120, -420],
      ],
    ],
    tilt: 0,
  },
  run: {
    legs: [
      [
        [-40, -300],
        [-110, -160],
        [-250, -140],
      ],
      [
        [40, -300],
        [160, -180],
        [150, -40],
      ],
    ],
    arms: [
      [
        [-100, -660],
        [-200, -560],
        [-150, -470],
      ],
      [
        [100, -660],
        [190, -720],
        [260, -640],
      ],
    ],
    tilt: 8,
  },
  cheer: {
    legs: [
      [
        [-50, -300],
        [-110, -40],
      ],
      [
        [50, -300],
        [110, -40],
      ],
    ],
    arms: [
      [
        [-100, -660],
        [-230, -880],
        [-250, -980],
      ],
      [
        [100, -660],
        [230, -880],
        [250, -980],
      ],
    ],
    tilt: 0,
  },
  kick: {
    legs: [
      [
        [-40, -300],
        [-70, -40],
      ],
      [
        [40, -300],
        [200, -250],
        [300, -200],
      ],
    ],
    arms: [
      [
        [-100, -660],
        [-260, -620],
      ],
      [
        [100, -660],
        [230, -560],
      ],
    ],
    tilt: -6,
  },
  dive: {
    legs: [
      [
        [-40, -300],
        [-70, -40],
      ],
      [
        [40, -300],
        [90, -60],
      ],
    ],
    arms: [
      [
        [-100, -660],
        [-140, -880],
        [-150, -990],
      ],
      [
        [100, -660],
        [140, -880],
        [150, -990],
      ],
    ],
    tilt: 0,
  },
};

/** One background figure. Local figure is 1000 tall; everything scales with h. */
export function extra(e: Extra): string {
  const s = e.h / 1000;
  const ol = 5 / s;
  const skin = e.skin ?? '#f6cba5';
  const hair = e.hair ?? '#6e4327';
  const shorts = e.shorts ?? '#2f4b7c';
  const pose = POSE[e.pose ?? 'stand'];
  const sock = PAPER;
  let body = '';
  // Back arm, legs, shorts, torso, front arm, head.
  body += limb(pose.arms[0], skin, 62, ol);
  for (const leg of pose.legs) {
    body += limb(leg, sock, 66, ol);
    const foot = leg[leg.length - 1]!;
    body += ellipse(
      foot[0] + (foot[0] < 0 ? -18 : 18),
      foot[1] + 10,
      62,
      34,
      '#2d2a2e',
      `stroke="${INK}" stroke-width="${n(ol)}"`,
    );
  }
  body += path(
    `M-110 -420Q-118 -290 -112 -270H112Q118 -290 110 -420Z`,
    shorts,
    `stroke="${INK}" stroke-width="${n(ol)}"`,
  );
  body += path(
    `M-118 -640Q-122 -700 -60 -712H60Q122 -700 118 -640L112 -400H-112Z`,
    e.shirt,
    `stroke="${INK}" stroke-width="${n(ol)}"`,
  );
  body += path(`M30 -700H70Q118 -690 118 -640L112 -400H60Z`, shade(e.shirt, 0.12));
  body += limb(pose.arms[1], skin, 62, ol);
  if (e.hands) {
    for (const arm of pose.arms) {
      const h = arm[arm.length - 1]!;
      body += circle(h[0], h[1], 44, e.hands, `stroke="${INK}" stroke-width="${n(ol)}"`);
    }
  }
  // Head: face, hair cap, dot eyes, a mouth (sad pose frowns).
  const hy = -850;
  body += circle(0, hy, 150, skin, `stroke="${INK}" stroke-width="${n(ol)}"`);
  body += path(
    `M-152 ${hy + 10}Q-160 ${hy - 170} 0 ${hy - 172}Q160 ${hy - 170} 152 ${hy + 10}Q120 ${hy - 80} 40 ${hy - 90}Q-60 ${hy - 70} -152 ${hy + 10}Z`,
    hair,
    `stroke="${INK}" stroke-width="${n(ol)}"`,
  );
  body += circle(-52, hy + 10, 16, INK) + circle(52, hy + 10, 16, INK);
  body +=
    e.pose === 'sad'
      ? path(
          `M-40 ${hy + 90}Q0 ${hy + 60} 40 ${hy + 90}`,
          'none',
          `stroke="${INK}" stroke-width="${n(ol * 1.2)}"`,
        )
      : path(
          `M-45 ${hy + 62}Q0 ${hy + 110} 45 ${hy + 62}`,
          'none',
          `stroke="${INK}" stroke-width="${n(ol * 1.2)}"`,
        );
  body +=
    circle(-90, hy + 55, 22, '#f0917f', 'fill-opacity="0.5" stroke-opacity="0.5"') +
    circle(90, hy + 55, 22, '#f0917f', 'fill-opacity="0.5" stroke-opacity="0.5"');
  const rot = e.pose === 'dive' ? 72 : pose.tilt;
  const fig = `<g transform="rotate(${rot} 0 ${e.pose === 'dive' ? -500 : 0})" fill="none" stroke-linecap="round" stroke-linejoin="round">${body}</g>`;
  const shadow =
    e.pose === 'dive'
      ? ''
      : ellipse(0, 0, 190, 34, INK, 'fill-opacity="0.18" stroke-opacity="0.18"');
  return `<g transform="translate(${n(e.x)} ${n(e.y)}) scale(${((e.flip ? -1 : 1) * s).toFixed(3)} ${s.toFixed(3)})">${shadow}${fig}</g>`;
}

/** Many figures at once. */
export function extras(list: Extra[]): string {
  return list.map(extra).join('');
}
