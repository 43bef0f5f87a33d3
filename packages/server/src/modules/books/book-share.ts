import { levelLabels, type ArticleLevel, type Paragraph } from '@changdu/contract';
import type { Actor } from '../../lib/actor.js';
import { NotFound } from '../../lib/errors.js';
import { mdInline } from '../article-media/index.js';
import { toEntry } from './book-views.js';
import type { BookRow, BooksRepo } from './books.repo.js';
import type { BooksDeps, Readable } from './books.types.js';

const QUOTE_MAX = 220;

const clip = (text: string) => (text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX - 1).trimEnd()}…` : text);

const QUOTABLE = new Set<Paragraph['kind']>(['p', 'blockquote']);
/** A sentence worth quoting: a few words of running text, not a heading or a page number. */
const isQuotable = (text: string) => (text.match(/[A-Za-z]+/g) ?? []).length >= 4;

function firstSentence(paragraphs: Paragraph[]): string | null {
  for (const p of paragraphs) {
    if (!QUOTABLE.has(p.kind)) continue;
    const sentence = p.sentences.find((s) => isQuotable(s.text));
    if (sentence) return sentence.text;
  }
  return null;
}

/** The share image of a book: cover, title, author, my progress and a quote, drawn by the one card renderer. */
export function bookShare(deps: Pick<BooksDeps, 'cards'>, repo: BooksRepo, readable: Readable) {
  /** The quote: my highlight when asked, else the sentence where I am reading, else the book's first sentence. */
  async function quoteOf(actor: Actor, book: BookRow, noteUuid: string | undefined): Promise<string | null> {
    if (noteUuid) {
      const note = actor.kind === 'user' ? await repo.noteByUuid(actor.user.id, book.id, noteUuid) : undefined;
      if (!note) throw new NotFound('划线不存在');
      return note.text;
    }
    const entry = actor.kind === 'user' ? await repo.entry(actor.user.id, book.id) : undefined;
    const pos = entry ? toEntry(entry).pos : null;
    if (pos?.paragraph) {
      const chapter = await repo.chapter(book.id, pos.chapter);
      const paragraphs = chapter ? (JSON.parse(chapter.content) as Paragraph[]) : [];
      const at = paragraphs.findIndex((x) => x.id === pos.paragraph);
      // Where I am reading: the sentence at the top of my screen, or the first real one after it (not a heading).
      const here = at >= 0 ? paragraphs.slice(at) : [];
      const top = here[0];
      const exact = top && QUOTABLE.has(top.kind) ? top.sentences.find((s) => s.id === pos.sentence && isQuotable(s.text)) : undefined;
      const quote = exact?.text ?? firstSentence(here);
      if (quote) return quote;
    }
    const first = await repo.chapter(book.id, 0);
    return first ? firstSentence(JSON.parse(first.content) as Paragraph[]) : null;
  }

  async function progressLine(actor: Actor, book: BookRow): Promise<string> {
    const entry = actor.kind === 'user' ? await repo.entry(actor.user.id, book.id) : undefined;
    const size = `共 ${book.chapter_count} 章 · ${book.word_count.toLocaleString('en-US')} 词`;
    if (!entry) return size;
    const { pos, progress } = toEntry(entry);
    const percent = Math.round(progress * 100);
    if (!pos || percent === 0) return `我刚把它放上书架 · ${size}`;
    return `我读到了 ${percent}%（第 ${pos.chapter + 1} / ${book.chapter_count} 章）`;
  }

  return {
    /** A 750×1334 PNG; `origin` is where the QR code sends whoever scans it. */
    async shareImage(actor: Actor, bookId: number, noteUuid: string | undefined, origin: string): Promise<Buffer> {
      const book = await readable(actor, bookId);
      const quote = await quoteOf(actor, book, noteUuid);
      const markdown = [
        `\`${levelLabels[book.level as ArticleLevel] ?? ''} · 英文原版书\``,
        `# ${mdInline(book.title)}`,
        book.author ? `## ${mdInline(book.author)}` : '',
        quote ? `> ${mdInline(clip(quote))}` : '',
        `**${await progressLine(actor, book)}**`,
      ]
        .filter(Boolean)
        .join('\n\n');
      return deps.cards.renderMarkdown({
        markdown,
        layout: 'poster',
        cover: book.cover ?? `placeholder-${(book.id % 26) + 1}.webp`,
        qr: `${origin.replace(/\/$/, '')}/book/${book.id}/show`,
      });
    },
  };
}
