import { PLACEHOLDER_COUNT } from '@changdu/contract';

// Calm paper-and-ink palettes: [background from, background to, shape, accent].
const PALETTES: [string, string, string, string][] = [
  ['#e8efe9', '#cfdfd4', '#2f6b57', '#f2c879'],
  ['#f3ece2', '#e6d5bf', '#8a5a3b', '#3f6f8f'],
  ['#e6eef5', '#c9dbe9', '#2d5c84', '#e9a178'],
  ['#f4e9ec', '#e5ccd4', '#8b3f5c', '#5c8a74'],
  ['#ecebf5', '#d3d0ea', '#4b4a8c', '#e0b35a'],
  ['#f1f0e6', '#dedbc2', '#6b6a2f', '#b0553d'],
  ['#e5f1f1', '#c4e0df', '#23706d', '#e38b6b'],
  ['#f6eee4', '#ecd7bd', '#a0612c', '#2e5e6e'],
];

const SHAPES = 4;

/** An abstract cover (1200×675) for articles without one; `n` is 1…26. */
export function placeholderSvg(n: number): string {
  const i = (((n - 1) % PLACEHOLDER_COUNT) + PLACEHOLDER_COUNT) % PLACEHOLDER_COUNT;
  const [from, to, ink, accent] = PALETTES[i % PALETTES.length]!;
  const variant = Math.floor(i / PALETTES.length) % SHAPES;
  const seed = (k: number) => ((i + 1) * 7919 * (k + 3)) % 997;
  const shapes = [
    // Sun over hills.
    `<circle cx="${780 + (seed(1) % 200)}" cy="${230 + (seed(2) % 80)}" r="110" fill="${accent}" opacity="0.85"/>
     <path d="M0 520 Q 300 ${380 + (seed(3) % 80)} 600 500 T 1200 470 V 675 H 0 Z" fill="${ink}" opacity="0.85"/>
     <path d="M0 590 Q 400 ${500 + (seed(4) % 60)} 800 600 T 1200 580 V 675 H 0 Z" fill="${ink}"/>`,
    // Stacked pages.
    `<rect x="${300 + (seed(1) % 100)}" y="150" width="420" height="380" rx="18" fill="${ink}" opacity="0.25" transform="rotate(-8 600 340)"/>
     <rect x="${340 + (seed(2) % 80)}" y="160" width="420" height="380" rx="18" fill="#fffdf8"/>
     ${[0, 1, 2, 3, 4, 5].map((l) => `<rect x="${390 + (seed(2) % 80)}" y="${220 + l * 48}" width="${300 - (l % 3) * 60}" height="14" rx="7" fill="${ink}" opacity="0.5"/>`).join('')}
     <circle cx="${880 + (seed(3) % 120)}" cy="180" r="60" fill="${accent}"/>`,
    // Waves.
    `${[0, 1, 2, 3].map((w) => `<path d="M0 ${260 + w * 90} C 300 ${200 + w * 90 + (seed(w) % 60)}, 600 ${330 + w * 90}, 1200 ${240 + w * 90} V 675 H 0 Z" fill="${ink}" opacity="${0.18 + w * 0.18}"/>`).join('')}
     <circle cx="${220 + (seed(5) % 160)}" cy="150" r="70" fill="${accent}" opacity="0.9"/>`,
    // Rings.
    `${[0, 1, 2, 3, 4].map((r) => `<circle cx="${600 + (seed(6) % 200) - 100}" cy="337" r="${60 + r * 55}" fill="none" stroke="${r % 2 ? accent : ink}" stroke-width="18" opacity="${0.35 + r * 0.12}"/>`).join('')}`,
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="1200" height="675" fill="url(#g)"/>${shapes[variant]}</svg>`;
}
