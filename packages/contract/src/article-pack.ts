import type { ArticleDetail, Paragraph } from './endpoints/articles.shared.js';

/**
 * The reader's article as the server puts it into the page (`<script id="cd-article">`, server
 * http/web-app.ts) and the app reads it back (web api/articles.queries.ts). `show` states a plain
 * paragraph three times: its `html`, its `text` and its sentences. Here the text is stated once:
 * `html` only where it differs from the text, and the sentences as cuts of the text where they
 * are its slices, in order, with the ids the server gives them (`{paragraph}-s{n}`). A
 * 10,000-word article's block shrinks from ~215 KB to ~80 KB: less for the page to receive and
 * parse before the app starts. Anything the cuts cannot state is kept as it is.
 */
export type PackedParagraph = Omit<Paragraph, 'html' | 'sentences'> & {
  html?: string;
  sentences?: Paragraph['sentences'];
  /** Each sentence's [start, end) in `text`, flattened. */
  cuts?: number[];
};

export type PackedArticle = Omit<ArticleDetail, 'paragraphs'> & { paragraphs: PackedParagraph[] };

const sentenceId = (paragraph: string, index: number) => `${paragraph}-s${index + 1}`;

/**
 * The sentences as cuts of the text, or null when they are not its slices in order with their
 * usual ids. The server's drawing of a page puts them on each paragraph too (`data-cuts`,
 * reader-html.ts), so a tap can find its sentence before the data block is read.
 */
export function sentenceCuts(p: Paragraph): number[] | null {
  const cuts: number[] = [];
  let from = 0;
  for (const [i, s] of p.sentences.entries()) {
    const at = p.text.indexOf(s.text, from);
    if (at < 0 || s.id !== sentenceId(p.id, i)) return null;
    cuts.push(at, at + s.text.length);
    from = at + s.text.length;
  }
  return cuts;
}

function packParagraph(p: Paragraph): PackedParagraph {
  const { html, sentences, ...rest } = p;
  const cuts = sentenceCuts(p);
  return { ...rest, ...(html === p.text ? {} : { html }), ...(cuts ? { cuts } : { sentences }) };
}

/** A paragraph as `show` states it, from its packed form. */
export function unpackParagraph(p: PackedParagraph): Paragraph {
  const { html, sentences, cuts, ...rest } = p;
  const unpacked: Paragraph['sentences'] = [];
  for (let i = 0; cuts && i < cuts.length; i += 2) unpacked.push({ id: sentenceId(p.id, i / 2), text: p.text.slice(cuts[i], cuts[i + 1]) });
  return { ...rest, html: html ?? p.text, sentences: sentences ?? unpacked };
}

export function packArticle(article: ArticleDetail): PackedArticle {
  return { ...article, paragraphs: article.paragraphs.map(packParagraph) };
}

export function unpackArticle(packed: PackedArticle): ArticleDetail {
  return { ...packed, paragraphs: packed.paragraphs.map(unpackParagraph) };
}
