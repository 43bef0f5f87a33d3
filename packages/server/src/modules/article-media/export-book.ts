import type { Paragraph } from '@changdu/contract';
import { esc } from './article-html.js';
import { loadOnce } from '../../lib/load-once.js';

const loadJSZip = loadOnce(() => import('jszip').then((m) => m.default));

export interface ExportArticle {
  id: number;
  title: string;
  title_zh: string | null;
  source: string | null;
  url: string;
  paragraphs: Paragraph[];
  notes: { text: string; comment: string; color: string }[];
  words: { word: string; meaning: string | null; forms: string[] }[];
}

const mdEscape = (s: string) => s.replace(/([\\`*_[\]#<>])/g, '\\$1');

/** One article as Markdown: title, bilingual body (translation quoted under each paragraph), my notes, my words. */
export function articleMarkdown(a: ExportArticle): string {
  const lines: string[] = [`# ${mdEscape(a.title)}`, ''];
  if (a.title_zh) lines.push(`**${mdEscape(a.title_zh)}**`, '');
  lines.push(`来源：${a.source ?? '—'} · [畅读原文](${a.url})`, '');
  for (const p of a.paragraphs) {
    if (p.kind === 'figure') continue;
    const text = mdEscape(p.text);
    lines.push(p.kind === 'h2' ? `## ${text}` : p.kind === 'h3' ? `### ${text}` : p.kind === 'li' ? `- ${text}` : text, '');
    if (p.zh) lines.push(`> ${mdEscape(p.zh)}`, '');
  }
  lines.push('## 我的笔记与划线', '');
  if (a.notes.length === 0) lines.push('（没有笔记）', '');
  for (const n of a.notes) {
    lines.push(`- ==${mdEscape(n.text)}==`);
    if (n.comment) lines.push(`  > ${mdEscape(n.comment)}`);
  }
  lines.push('', '## 我的生词', '');
  if (a.words.length === 0) lines.push('（没有生词）', '');
  for (const w of a.words) lines.push(`- **${mdEscape(w.word)}**${w.meaning ? ` ${mdEscape(w.meaning.replace(/\n/g, '；'))}` : ''}`);
  return `${lines.join('\n').trimEnd()}\n`;
}

function chapterXhtml(a: ExportArticle): string {
  const body = a.paragraphs
    .filter((p) => p.kind !== 'figure')
    .map((p) => {
      const tag = p.kind === 'h2' || p.kind === 'h3' ? p.kind : 'p';
      return `<${tag}>${esc(p.text)}</${tag}>${p.zh ? `<p class="zh">${esc(p.zh)}</p>` : ''}`;
    })
    .join('\n');
  const notes = a.notes.map((n) => `<li><mark>${esc(n.text)}</mark>${n.comment ? `<br/>${esc(n.comment)}` : ''}</li>`).join('');
  const words = a.words.map((w) => `<li><b>${esc(w.word)}</b> ${esc(w.meaning ?? '')}</li>`).join('');
  return `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en" xml:lang="en">
<head><meta charset="utf-8"/><title>${esc(a.title)}</title><link rel="stylesheet" type="text/css" href="style.css"/></head>
<body><section epub:type="chapter">
<h1>${esc(a.title)}</h1>${a.title_zh ? `<p class="zh-title">${esc(a.title_zh)}</p>` : ''}
${body}
${notes ? `<h2>我的笔记与划线</h2><ul>${notes}</ul>` : ''}
${words ? `<h2>我的生词</h2><ul>${words}</ul>` : ''}
</section></body></html>`;
}

/** An EPUB 3 of the articles, one chapter each (mimetype stored first and uncompressed, as the format requires). */
export async function buildEpub(title: string, articles: ExportArticle[], uid: string, modified: string): Promise<Buffer> {
  const zip = new (await loadJSZip())();
  zip.file('mimetype', 'application/epub+zip', { compression: 'STORE' });
  zip.file(
    'META-INF/container.xml',
    `<?xml version="1.0" encoding="UTF-8"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`,
  );
  zip.file('OEBPS/style.css', 'body{font-family:serif;line-height:1.6} .zh,.zh-title{color:#4a5a50} mark{background:#fff0a8}');
  const items = articles.map((a, i) => ({ id: `a${i + 1}`, href: `article-${i + 1}.xhtml`, a }));
  for (const it of items) zip.file(`OEBPS/${it.href}`, chapterXhtml(it.a));
  zip.file(
    'OEBPS/nav.xhtml',
    `<?xml version="1.0" encoding="utf-8"?><!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><meta charset="utf-8"/><title>目录</title></head><body><nav epub:type="toc" id="toc"><h1>目录</h1><ol>${items.map((it) => `<li><a href="${it.href}">${esc(it.a.title)}</a></li>`).join('')}</ol></nav></body></html>`,
  );
  zip.file(
    'OEBPS/content.opf',
    `<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" xml:lang="zh-CN">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">urn:uuid:${uid}</dc:identifier><dc:title>${esc(title)}</dc:title><dc:language>en</dc:language><dc:creator>畅读 Changdu</dc:creator><meta property="dcterms:modified">${modified}</meta></metadata>
<manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/><item id="css" href="style.css" media-type="text/css"/>${items.map((it) => `<item id="${it.id}" href="${it.href}" media-type="application/xhtml+xml"/>`).join('')}</manifest>
<spine>${items.map((it) => `<itemref idref="${it.id}"/>`).join('')}</spine>
</package>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', mimeType: 'application/epub+zip' });
}

/** The export ZIP: one Markdown file per article and the EPUB of them all. */
export async function buildExportZip(articles: ExportArticle[], epub: Buffer, epubName: string): Promise<Buffer> {
  const zip = new (await loadJSZip())();
  articles.forEach((a, i) => {
    const safe = a.title.replace(/[\\/:*?"<>|\p{Cc}]/gu, '_').slice(0, 80);
    zip.file(`${String(i + 1).padStart(2, '0')}-${safe}.md`, articleMarkdown(a));
  });
  zip.file(epubName, epub);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
