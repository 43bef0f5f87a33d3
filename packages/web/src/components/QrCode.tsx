import { useMemo } from 'react';
import { renderSVG } from 'uqr';

/**
 * A QR code of `text` as an SVG image, dark on white whatever the theme (scanners need the
 * contrast), with a quiet border so a phone camera finds its edges.
 */
export function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const src = useMemo(() => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(text, { border: 2 }))}`, [text]);
  return <img className="qr-code" src={src} alt={label} width={size} height={size} />;
}
