/** CSV and Anki exports of the word book. */
import { csvDocument } from '../../lib/csv.js';

export interface ExportRow {
  word: string;
  phonetic: string | null;
  meaning: string | null;
  due: string;
  created_at: string;
  context: { sentence: string | null; article_id: number | null; article_title: string | null } | null;
}

/** The CSV a spreadsheet opens; cells go through `lib/csv.ts`, which keeps formulas from running. */
export function wordsCsv(rows: ExportRow[], origin: string): string {
  const header = ['单词 word', '音标 phonetic', '释义 meaning', '例句 sentence', '文章 article', '链接 link', '加入 added', '到期 due'];
  return csvDocument(
    header,
    rows.map((r) => [
      r.word,
      r.phonetic ? `/${r.phonetic}/` : '',
      r.meaning,
      r.context?.sentence,
      r.context?.article_title,
      r.context?.article_id ? `${origin}/article/${r.context.article_id}` : '',
      r.created_at.slice(0, 10),
      r.due.slice(0, 10),
    ]),
  );
}

const html = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const tsvCell = (text: string) => text.replace(/[\t\r\n]+/g, ' ');

/**
 * Anki's plain-text import: tab-separated Front/Back notes with file headers telling Anki the
 * separator and that fields hold HTML. The back carries the phonetic, meaning and context.
 */
export function wordsAnki(rows: ExportRow[]): string {
  const notes = rows.map((r) => {
    const back = [
      r.phonetic ? html(`/${r.phonetic}/`) : '',
      r.meaning ? html(r.meaning) : '',
      r.context?.sentence ? `<i>${html(r.context.sentence)}</i>` : '',
      r.context?.article_title ? `— ${html(r.context.article_title)}` : '',
    ]
      .filter(Boolean)
      .join('<br>');
    return `${tsvCell(html(r.word))}\t${tsvCell(back)}`;
  });
  return ['#separator:tab', '#html:true', '#columns:Front\tBack', ...notes].join('\n') + '\n';
}
