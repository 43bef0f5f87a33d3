/** CSV and Anki exports of the word book. */
export interface ExportRow {
  word: string;
  phonetic: string | null;
  meaning: string | null;
  due: string;
  created_at: string;
  context: { sentence: string | null; article_id: number | null; article_title: string | null } | null;
}

const csvCell = (value: string | null | undefined) => {
  const text = value ?? '';
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** RFC 4180 CSV with a BOM so spreadsheet apps open the Chinese as UTF-8. */
export function wordsCsv(rows: ExportRow[], origin: string): string {
  const header = ['单词 word', '音标 phonetic', '释义 meaning', '例句 sentence', '文章 article', '链接 link', '加入 added', '到期 due'];
  const lines = rows.map((r) =>
    [
      r.word,
      r.phonetic ? `/${r.phonetic}/` : '',
      r.meaning,
      r.context?.sentence,
      r.context?.article_title,
      r.context?.article_id ? `${origin}/article/${r.context.article_id}` : '',
      r.created_at.slice(0, 10),
      r.due.slice(0, 10),
    ]
      .map(csvCell)
      .join(','),
  );
  return `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`;
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
