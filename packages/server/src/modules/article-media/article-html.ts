import type { Paragraph, PdfStyle } from '@changdu/contract';

export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface PrintableArticle {
  title: string;
  title_zh: string | null;
  source: string | null;
  author: string | null;
  level: string;
  published_at: string | null;
  url: string;
  /** Data URL of the cover, or null. */
  cover: string | null;
  paragraphs: Paragraph[];
  words: { word: string; resolve: string }[];
  notes: { text: string; comment: string; root: string }[];
}

const CSS = `
@page { size: A4; }
* { box-sizing: border-box; }
body { font-family: 'DejaVu Serif', 'Noto Serif CJK SC', 'Noto Sans CJK SC', serif; color: #1f2a24; font-size: 11.5pt; line-height: 1.65; margin: 0; }
.cover { height: 255mm; display: flex; flex-direction: column; justify-content: center; page-break-after: always; }
.cover img { width: 100%; max-height: 110mm; object-fit: cover; border-radius: 6px; margin-bottom: 14mm; }
.cover h1 { font-size: 28pt; line-height: 1.2; margin: 0 0 6mm; }
.cover h2 { font-family: 'Noto Sans CJK SC', sans-serif; font-weight: 400; font-size: 17pt; color: #2f6b57; margin: 0 0 10mm; }
.meta { color: #6b6f66; font-size: 10pt; font-family: 'Noto Sans CJK SC', 'DejaVu Sans', sans-serif; }
.brand { margin-top: 18mm; color: #2f6b57; font-family: 'Noto Sans CJK SC', sans-serif; font-size: 11pt; }
h2.section { font-size: 14pt; color: #2f6b57; border-bottom: 1px solid #d8d2c4; padding-bottom: 2mm; }
.p { margin: 0 0 4mm; break-inside: avoid-page; }
.zh { font-family: 'Noto Sans CJK SC', sans-serif; color: #4a5a50; font-size: 10.5pt; margin: -2mm 0 5mm; }
.h { font-size: 15pt; font-weight: bold; margin: 6mm 0 3mm; }
.figure img { max-width: 100%; }
.with-margin { display: grid; grid-template-columns: 1fr 52mm; column-gap: 6mm; }
.margin { font-family: 'Noto Sans CJK SC', sans-serif; font-size: 8.5pt; color: #4a5a50; border-left: 2px solid #e6dfcf; padding-left: 3mm; }
.margin .w { color: #2f6b57; font-weight: bold; }
.margin .n { background: #fff4c7; padding: 1mm 2mm; margin-bottom: 2mm; border-radius: 2px; }
mark { background: #fff0a8; }
`;

/** Marks the reader's highlighted passages inside a paragraph's text. */
function highlight(text: string, notes: PrintableArticle['notes']): string {
  let html = esc(text);
  for (const n of notes) {
    const needle = esc(n.text);
    if (needle.length > 1 && html.includes(needle)) html = html.replace(needle, `<mark>${needle}</mark>`);
  }
  return html;
}

function paragraphHtml(p: Paragraph, style: PdfStyle, article: PrintableArticle): string {
  if (p.kind === 'figure') return `<div class="figure p">${p.html}</div>`;
  const cls = p.kind === 'h2' || p.kind === 'h3' ? 'h' : 'p';
  const notesHere = article.notes.filter((n) => n.root === p.id);
  const body = style === 'notes' ? highlight(p.text, notesHere) : esc(p.text);
  const zh = style === 'sy' && p.zh ? `<div class="zh">${esc(p.zh)}</div>` : '';
  if (style !== 'notes') return `<div class="${cls}">${body}</div>${zh}`;
  const lower = p.text.toLowerCase();
  const words = article.words.filter((w) => new RegExp(`\\b${w.word.toLowerCase().replace(/[^a-z' -]/g, '')}\\b`).test(lower));
  const margin = [
    ...words.map((w) => `<div><span class="w">${esc(w.word)}</span> ${esc(w.resolve)}</div>`),
    ...notesHere.filter((n) => n.comment).map((n) => `<div class="n">${esc(n.comment)}</div>`),
  ].join('');
  return `<div class="with-margin"><div class="${cls}">${body}</div><div class="margin">${margin}</div></div>`;
}

/** The article as a printable HTML document: a cover and title page, then the body in the style. */
export function articleHtml(article: PrintableArticle, style: PdfStyle, styleLabel: string): string {
  const meta = [article.source, article.author, article.level, article.published_at?.slice(0, 10)]
    .filter(Boolean)
    .map((s) => esc(String(s)))
    .join(' · ');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(article.title)}</title><style>${CSS}</style></head><body>
<section class="cover">
${article.cover ? `<img src="${article.cover}" alt="" loading="lazy">` : ''}
<h1>${esc(article.title)}</h1>
${article.title_zh ? `<h2>${esc(article.title_zh)}</h2>` : ''}
<div class="meta">${meta}</div>
<div class="meta">${esc(styleLabel)} · ${esc(article.url)}</div>
<div class="brand">畅读 Changdu · 读懂外刊，一句一句来</div>
</section>
<main>
${article.paragraphs.map((p) => paragraphHtml(p, style, article)).join('\n')}
</main>
${
  style === 'notes' && article.words.length
    ? `<h2 class="section">重点词</h2>${article.words.map((w) => `<div class="p"><b>${esc(w.word)}</b> ${esc(w.resolve)}</div>`).join('')}`
    : ''
}
</body></html>`;
}
