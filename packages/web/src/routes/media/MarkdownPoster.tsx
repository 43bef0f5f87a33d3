import { useEffect, useState } from 'react';
import type { ImageLayout } from '@changdu/contract';
import { imageFrom } from './image-call';

/** A Markdown text rendered to an image by the server's renderer, with a download link. */
export function MarkdownPoster({
  markdown,
  layout,
  qr,
  cover,
  page,
  fileName,
}: {
  markdown: string;
  layout: ImageLayout;
  qr?: string;
  cover?: string;
  page?: number;
  fileName: string;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    let cancelled = false;
    const timer = setTimeout(() => {
      imageFrom('media.renderMarkdown', { markdown, layout, qr, cover, page })
        .then((u) => {
          made = u;
          if (!cancelled) {
            setUrl(u);
            setError(null);
          }
        })
        .catch((e: unknown) => !cancelled && setError(e instanceof Error ? e.message : '图片生成失败'));
    }, 400);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      if (made) URL.revokeObjectURL(made);
    };
  }, [markdown, layout, qr, cover, page]);
  return (
    <figure className="poster-figure">
      {error ? <p role="alert">{error}</p> : url ? <img className="poster-preview" src={url} alt="海报预览" /> : <p>正在生成…</p>}
      {url && (
        <a className="button button-secondary" href={url} download={fileName}>
          下载图片
        </a>
      )}
    </figure>
  );
}
