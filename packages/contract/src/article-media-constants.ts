// Constants of the article-media calls with no zod, so the web client (client.ts) loads them without the schemas.

/** PDF styles: `sy` bilingual (the default), `en` English only, `notes` with key words and my notes in the margin. */
export const pdfStyles = ['sy', 'en', 'notes'] as const;
export type PdfStyle = (typeof pdfStyles)[number];
export const pdfStyleLabels: Record<PdfStyle, string> = { sy: '双语对照', en: '纯英文', notes: '重点词与我的笔记' };
export const DEFAULT_PDF_STYLE: PdfStyle = 'sy';

/** Image layouts of the one renderer: share poster (750×1334), a second poster layout, Xiaohongshu 3:4 card (1080×1440), square. */
export const imageLayouts = ['poster', 'poster2', 'xhs', 'square'] as const;
export type ImageLayout = (typeof imageLayouts)[number];
export const layoutSizes: Record<ImageLayout, { width: number; height: number }> = {
  poster: { width: 750, height: 1334 },
  poster2: { width: 750, height: 1334 },
  xhs: { width: 1080, height: 1440 },
  square: { width: 1080, height: 1080 },
};

export const EXPORT_MAX_ARTICLES = 50;
export const EXPORT_FILE_NAME = '畅读文章导出.zip';
