import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import jsQR from 'jsqr';
import { QrCode } from './QrCode';

/** Draws the SVG's dark modules (uqr writes one `Mx,yh…v…h…z` square per module) into pixels a scanner reads. */
function scan(src: string): string | null {
  const svg = decodeURIComponent(src.slice(src.indexOf(',') + 1));
  const side = Number(/viewBox="0 0 (\d+) /.exec(svg)![1]);
  const cell = Number(/h(\d+)v/.exec(svg)![1]);
  const n = side / cell;
  const scale = 4;
  const width = n * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y] of svg.matchAll(/M(\d+),(\d+)h/g)) {
    const mx = Number(x) / cell;
    const my = Number(y) / cell;
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) {
        const i = ((my * scale + dy) * width + mx * scale + dx) * 4;
        pixels.fill(0, i, i + 3);
      }
    }
  }
  return jsQR(pixels, width, width)?.data ?? null;
}

describe('QR code', () => {
  it('is an image a phone camera reads back as the payment link', () => {
    const link = 'weixin://wxpay/bizpayurl?pr=Qm9vazEyMzQ1';
    render(<QrCode text={link} label="微信支付二维码" />);
    const img = screen.getByRole('img', { name: '微信支付二维码' });
    expect(scan(img.getAttribute('src')!)).toBe(link);
  });
});
