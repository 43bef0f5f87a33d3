import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const web = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(fs.readFileSync(path.join(web, 'public/manifest.webmanifest'), 'utf8')) as {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

/** The width and height a PNG file declares (its IHDR chunk). */
function pngSize(file: string): [number, number] {
  const bytes = fs.readFileSync(path.join(web, 'public', file));
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('the app is installable', () => {
  it('has a manifest with its name, start page, standalone display, colours and icons', () => {
    expect(manifest).toMatchObject({ short_name: '畅读', start_url: '/', display: 'standalone' });
    expect(manifest.name).toContain('畅读');
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const png = manifest.icons.filter((i) => i.type === 'image/png');
    for (const [size, purpose] of [
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ] as const) {
      const icon = png.find((i) => i.sizes === size && i.purpose === purpose);
      expect(icon, `${size} ${purpose}`).toBeTruthy();
      expect(pngSize(icon!.src.replace(/^\//, '')).join('x')).toBe(size);
    }
  });

  it('links the manifest from the page every route starts from (the drawn article page keeps its head), with light and dark theme colours', () => {
    const index = fs.readFileSync(path.join(web, 'index.html'), 'utf8');
    expect(index).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(index).toMatch(/<meta name="theme-color" media="\(prefers-color-scheme: light\)" content="#[0-9a-f]{6}" \/>/i);
    expect(index).toMatch(/<meta name="theme-color" media="\(prefers-color-scheme: dark\)" content="#[0-9a-f]{6}" \/>/i);
  });

  it('builds its service worker from a source with a fetch route for every kind of kept thing', () => {
    const sw = fs.readFileSync(path.join(web, 'src/sw/sw.ts'), 'utf8');
    // workbox-routing's registerRoute installs the fetch handler; precacheAndRoute the app shell.
    expect(sw).toContain('precacheAndRoute(self.__WB_MANIFEST)');
    expect(sw.match(/registerRoute\(/g)?.length).toBeGreaterThanOrEqual(5);
  });
});
