import fs from 'node:fs';
import { layoutSizes, type ImageLayout } from '@changdu/contract';
import { Lexer, type Token, type Tokens } from 'marked';
import QRCode from 'qrcode';

/** A satori element: the shape React elements have, without React. */
export interface El {
  type: string;
  props: { style?: Record<string, unknown>; children?: (El | string)[] | El | string; src?: string; width?: number; height?: number };
}

export function h(type: string, style: Record<string, unknown>, ...children: (El | string | null | false | undefined)[]): El {
  const kids = children.filter((c): c is El | string => c !== null && c !== false && c !== undefined && c !== '');
  return { type, props: { style: { display: 'flex', ...style }, children: kids } };
}

export function img(src: string, width: number, height: number, style: Record<string, unknown> = {}): El {
  return { type: 'img', props: { src, width, height, style: { width, height, objectFit: 'cover', ...style } } };
}

interface FontFile {
  name: string;
  data: Buffer;
  weight: 400 | 700;
  style: 'normal';
}

const LATIN = [
  { name: 'Serif', path: '/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf', weight: 400 as const },
  { name: 'Serif', path: '/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf', weight: 700 as const },
  { name: 'Sans', path: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', weight: 400 as const },
  { name: 'Sans', path: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf', weight: 700 as const },
];

/**
 * Satori reads TTF/OTF/WOFF only (not TTC or WOFF2). Latin text uses DejaVu (Debian
 * fonts-dejavu-core); CJK falls back to the configured font, by default Droid Sans Fallback
 * (Debian fonts-droid-fallback, Apache-2.0). Loaded once per process.
 */
export function loadFonts(cjkPath: string): FontFile[] {
  const fonts: FontFile[] = [];
  for (const f of LATIN)
    if (fs.existsSync(f.path)) fonts.push({ name: f.name, data: fs.readFileSync(f.path), weight: f.weight, style: 'normal' });
  if (!fs.existsSync(cjkPath)) throw new Error(`poster font not found: ${cjkPath} (install fonts-droid-fallback or set POSTER_FONT)`);
  const cjk = fs.readFileSync(cjkPath);
  fonts.push({ name: 'CJK', data: cjk, weight: 400, style: 'normal' }, { name: 'CJK', data: cjk, weight: 700, style: 'normal' });
  return fonts;
}

export async function qrDataUrl(text: string, size: number): Promise<string> {
  return QRCode.toDataURL(text, { margin: 1, width: size, errorCorrectionLevel: 'M', color: { dark: '#1f2a24', light: '#ffffff' } });
}

/** Renders an element tree to a PNG of exactly width × height. */
export async function renderPng(root: El, width: number, height: number, fonts: FontFile[]): Promise<Buffer> {
  // Loaded at the first poster, not at start: satori and resvg hold ~23 MB a server that
  // never draws a poster would carry for nothing (docs/performance.md, Memory).
  const [{ default: satori }, { Resvg }] = await Promise.all([import('satori'), import('@resvg/resvg-js')]);
  // satori's types want a ReactNode; our element objects are the same shape.
  const svg = await satori(root as unknown as Parameters<typeof satori>[0], { width, height, fonts });
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: false } }).render().asPng();
  return Buffer.from(png);
}

/** The same colour with no opacity (a fade's start): satori blends gradients in RGBA. */
const transparent = (hex: string) => `rgba(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')}, 0)`;

const PAPER = { bg: '#f7f3ea', ink: '#1f2a24', muted: '#6b6f66', accent: '#2f6b57', card: '#fffdf8' };

function inline(tokens: Token[] | undefined, fallback: string): (El | string)[] {
  if (!tokens?.length) return [fallback];
  return tokens.map((t) => {
    if (t.type === 'strong') return h('span', { fontWeight: 700 }, (t as Tokens.Strong).text);
    if (t.type === 'em') return h('span', { color: PAPER.accent }, (t as Tokens.Em).text);
    if (t.type === 'codespan') return h('span', { color: PAPER.accent }, (t as Tokens.Codespan).text);
    return 'text' in t
      ? String(t.text)
          .replace(/&#39;/g, "'")
          .replace(/&quot;/g, '"')
          .replace(/&amp;/g, '&')
      : '';
  });
}

/** Markdown blocks as satori elements: headings, paragraphs, quotes, lists, rules. */
function blocks(markdown: string, scale: number): El[] {
  const out: El[] = [];
  for (const t of new Lexer().lex(markdown)) {
    if (t.type === 'heading') {
      const d = (t as Tokens.Heading).depth;
      const size = (d === 1 ? 52 : d === 2 ? 38 : 30) * scale;
      out.push(
        h(
          'div',
          {
            fontSize: size,
            fontWeight: d === 1 ? 700 : 400,
            lineHeight: 1.25,
            marginBottom: 18 * scale,
            flexWrap: 'wrap',
            color: d === 1 ? PAPER.ink : PAPER.accent,
          },
          ...inline((t as Tokens.Heading).tokens, (t as Tokens.Heading).text),
        ),
      );
    } else if (t.type === 'paragraph') {
      out.push(
        h(
          'div',
          { fontSize: 30 * scale, lineHeight: 1.6, marginBottom: 20 * scale, flexWrap: 'wrap', color: PAPER.ink },
          ...inline((t as Tokens.Paragraph).tokens, (t as Tokens.Paragraph).text),
        ),
      );
    } else if (t.type === 'blockquote') {
      out.push(
        h(
          'div',
          {
            flexDirection: 'column',
            borderLeft: `${8 * scale}px solid ${PAPER.accent}`,
            background: PAPER.card,
            padding: `${20 * scale}px ${28 * scale}px`,
            marginBottom: 22 * scale,
            fontSize: 32 * scale,
            lineHeight: 1.55,
            fontStyle: 'normal',
          },
          h('div', { flexWrap: 'wrap' }, (t as Tokens.Blockquote).text),
        ),
      );
    } else if (t.type === 'list') {
      for (const item of (t as Tokens.List).items) {
        out.push(
          h(
            'div',
            { fontSize: 28 * scale, lineHeight: 1.5, marginBottom: 10 * scale },
            h('div', { color: PAPER.accent, marginRight: 12 * scale }, '•'),
            h('div', { flex: 1, flexWrap: 'wrap' }, item.text),
          ),
        );
      }
    } else if (t.type === 'hr') {
      out.push(h('div', { height: 2, background: '#d8d2c4', margin: `${16 * scale}px 0` }));
    }
  }
  return out;
}

export interface CardInput {
  layout: ImageLayout;
  markdown: string;
  /** A PNG/JPEG data URL shown on top. */
  cover?: string | null;
  qr?: string | null;
  qrCaption?: string;
  footer?: string;
  page?: number | null;
}

/** The one card renderer behind posters, Xiaohongshu cards and the markdown-to-image service. */
export async function renderCard(input: CardInput, fonts: FontFile[]): Promise<Buffer> {
  const { width, height } = layoutSizes[input.layout];
  const scale = width / 750;
  const qr = input.qr ? await qrDataUrl(input.qr, Math.round(180 * scale)) : null;
  const dark = input.layout === 'poster2';
  const bg = dark ? '#1f2a24' : PAPER.bg;
  const coverHeight = input.layout === 'xhs' ? 480 : input.layout === 'square' ? 360 : 420 * scale;
  const body = blocks(input.markdown, scale);
  const root = h(
    'div',
    { width, height, flexDirection: 'column', background: bg, fontFamily: 'Serif, CJK', color: dark ? '#f4efe3' : PAPER.ink },
    input.cover ? img(input.cover, width, Math.round(coverHeight)) : null,
    h(
      'div',
      {
        flexDirection: 'column',
        flex: 1,
        position: 'relative',
        padding: `${48 * scale}px ${56 * scale}px`,
        overflow: 'hidden',
        ...(dark ? { filter: 'invert(0)' } : {}),
      },
      ...body.map((b) => (dark ? { ...b, props: { ...b.props, style: { ...b.props.style, color: '#f4efe3' } } } : b)),
      // Text longer than the card fades out above the footer instead of being cut through a line.
      h('div', {
        position: 'absolute',
        left: 0,
        right: 0,
        bottom: 0,
        height: 96 * scale,
        backgroundImage: `linear-gradient(to bottom, ${transparent(bg)}, ${bg})`,
      }),
    ),
    h(
      'div',
      {
        alignItems: 'center',
        justifyContent: 'space-between',
        padding: `${28 * scale}px ${56 * scale}px`,
        background: dark ? '#2a382f' : PAPER.card,
        borderTop: `2px solid ${dark ? '#3c4d42' : '#e6dfcf'}`,
      },
      h(
        'div',
        { flexDirection: 'column', fontFamily: 'Sans, CJK' },
        h('div', { fontSize: 34 * scale, fontWeight: 700, color: dark ? '#f2c879' : PAPER.accent }, '畅读 Changdu'),
        h(
          'div',
          { fontSize: 22 * scale, color: dark ? '#c9c3b5' : PAPER.muted, marginTop: 8 * scale },
          input.footer ?? '读懂外刊，一句一句来',
        ),
        input.page ? h('div', { fontSize: 22 * scale, color: PAPER.muted, marginTop: 8 * scale }, `${input.page}`) : null,
      ),
      qr
        ? h(
            'div',
            { flexDirection: 'column', alignItems: 'center' },
            img(qr, Math.round(180 * scale), Math.round(180 * scale), { objectFit: 'contain' }),
            h(
              'div',
              { fontSize: 18 * scale, color: dark ? '#c9c3b5' : PAPER.muted, marginTop: 6 * scale, fontFamily: 'Sans, CJK' },
              input.qrCaption ?? '长按识别二维码',
            ),
          )
        : null,
    ),
  );
  return renderPng(root, width, height, fonts);
}
