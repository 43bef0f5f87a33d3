import { levelLabels, topics } from './constants.js';
import type { ArticleDetail, Paragraph } from './endpoints/articles.shared.js';
import type { WordEntry } from './endpoints/reader.endpoints.js';
import { sentenceCuts } from './article-pack.js';

/**
 * The reading page's first screen as HTML text, for the server's first response to
 * `/article/{id}` (http/web-app.ts): the same elements, classes and `data-pid`s the web app's
 * reader draws for an anonymous reader with the default settings (no marks, no translation),
 * so the text paints before the script runs and does not move when the app takes over.
 * `ArticlePage.test.tsx` holds the two to each other: the app's head and body must equal these
 * (links as the router's `Link` renders them, `data-discover` included).
 */

const escapeText = (text: string) => text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
const escapeAttr = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/** ISO time → `3月1日` this year, `2024年3月1日` otherwise (article dates). */
export function formatDay(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const day = `${d.getMonth() + 1}月${d.getDate()}日`;
  return d.getFullYear() === now.getFullYear() ? day : `${d.getFullYear()}年${day}`;
}

/** An own image path at a width (spec §9: images are served resized). */
export function imageAt(path: string, width: number): string {
  return `${path}${path.includes('?') ? '&' : '?'}w=${width}`;
}

export function topicLabel(slug: string): string {
  return (topics as Record<string, string>)[slug] ?? slug;
}

export function readingTime(minutes: number): string {
  return `约 ${Math.max(1, minutes)} 分钟`;
}

/** The summary's English as its tappable paragraph shows it: whitespace collapsed. */
export function summaryText(summary: string): string {
  return summary.replace(/\s+/g, ' ').trim();
}

/**
 * Blocks in the reader's first render (a few screens on a phone, whatever the paragraphs' length);
 * the rest follow in idle time. The server draws the same first blocks.
 */
export const READER_FIRST_BLOCKS = 20;

/** Block kind → the element that carries `data-pid` (list items are `div`s inside `li`). */
const TAG: Record<Paragraph['kind'], string> = { p: 'p', h2: 'h2', h3: 'h3', blockquote: 'p', li: 'div', figure: 'figure' };

/**
 * One paragraph element: the paragraph's sanitised HTML as it is, and the paragraph menu's handle
 * before text. `cuts`: its sentences' cuts of its text (`sentenceCuts`) as `data-cuts`, for the
 * first screen's script.
 */
function paragraphHtml(p: Paragraph, html: string, cuts: boolean): string {
  const tag = TAG[p.kind];
  const sentences = cuts ? sentenceCuts(p) : null;
  const cutsAttr = sentences?.length ? ` data-cuts="${sentences.join(' ')}"` : '';
  const handle =
    p.kind === 'h2' || p.kind === 'h3' || p.kind === 'figure'
      ? ''
      : `<button type="button" class="para-menu" data-para-menu="${escapeAttr(p.id)}" aria-label="段落菜单"></button>`;
  return `${handle}<${tag} class="para para-${p.kind}" data-pid="${escapeAttr(p.id)}"${cutsAttr} lang="en">${html}</${tag}>`;
}

/**
 * The article body's blocks (the inside of `.reader-body`), the first `blocks` of them (a list is
 * one block), each paragraph's HTML given by `html` (the server passes its sanitised HTML
 * through; the app its allow-listed copy). `cuts`: each paragraph carries its sentences' cuts
 * (the server's drawing; the app's own render has no use for them).
 */
export function readerBodyHtml(
  paragraphs: readonly Paragraph[],
  html: (p: Paragraph) => string = (p) => p.html,
  { blocks = Infinity, cuts = false }: { blocks?: number; cuts?: boolean } = {},
): string {
  const out: string[] = [];
  for (let i = 0; i < paragraphs.length && out.length < blocks; i++) {
    const p = paragraphs[i]!;
    if (p.kind === 'li') {
      const items: string[] = [];
      while (i < paragraphs.length && paragraphs[i]!.kind === 'li')
        items.push(`<li>${paragraphHtml(paragraphs[i]!, html(paragraphs[i++]!), cuts)}</li>`);
      i--;
      out.push(`<ul class="para-list">${items.join('')}</ul>`);
    } else if (p.kind === 'blockquote') out.push(`<blockquote class="para-quote">${paragraphHtml(p, html(p), cuts)}</blockquote>`);
    else if (p.kind === 'figure') out.push(`<div class="para-figure-wrap">${paragraphHtml(p, html(p), cuts)}</div>`);
    else out.push(paragraphHtml(p, html(p), cuts));
  }
  return out.join('');
}

const LOCK =
  '<span class="chip chip-lock" title="会员文章"><svg viewBox="0 0 16 16" width="11" height="11" aria-hidden="true"><rect x="3" y="7" width="10" height="7" rx="1.5" fill="currentColor"></rect><path d="M5.5 7V5a2.5 2.5 0 0 1 5 0v2" fill="none" stroke="currentColor" stroke-width="1.6"></path></svg>会员</span>';

/** The article's head (chips, titles, byline, dateline), cover and summary, as `ArticleHead` draws them untranslated. */
export function readerHeadHtml(article: ArticleDetail, now: Date = new Date()): string {
  const date = article.published_at ? formatDay(article.published_at, now) : null;
  const chips = [
    `<span class="chip chip-level" data-level="${escapeAttr(article.level)}">${escapeText(levelLabels[article.level])}</span>`,
    `<span class="chip chip-plain">${escapeText(readingTime(article.reading_minutes))}</span>`,
    ...article.topics.map(
      (t) =>
        `<a class="chip chip-topic chip-link" href="/topic/${escapeAttr(encodeURIComponent(t))}" data-discover="true">${escapeText(topicLabel(t))}</a>`,
    ),
    article.is_lock ? LOCK : '',
    article.me?.finished ? '<span class="chip chip-done">已读完</span>' : '',
  ];
  const head = [
    `<div class="reader-chips">${chips.join('')}</div>`,
    `<h1 class="reader-title" lang="en">${escapeText(article.title)}</h1>`,
    article.title_zh ? `<p class="reader-title-zh">${escapeText(article.title_zh)}</p>` : '',
    article.author
      ? `<p class="reader-byline"><a class="reader-author" href="/explore?author=${article.author.id}" data-discover="true">${escapeText(article.author.name)}</a></p>`
      : '',
    article.source || date
      ? `<p class="reader-dateline">${article.source ? `<span>${escapeText(article.source)}</span>` : ''}${
          date ? `<time datetime="${escapeAttr(article.published_at!)}">${escapeText(date)}</time>` : ''
        }</p>`
      : '',
  ];
  const cover = article.cover
    ? `<figure class="reader-cover"><img src="${escapeAttr(imageAt(article.cover, 600))}" srcset="${escapeAttr(
        `${imageAt(article.cover, 600)} 600w, ${imageAt(article.cover, 1200)} 1200w`,
      )}" sizes="(min-width: 768px) 680px, 100vw" alt=""></figure>`
    : '';
  const summary = article.summary
    ? `<div class="reader-summary"><p class="para para-p" data-pid="summary" lang="en">${escapeText(summaryText(article.summary))}</p></div>`
    : '';
  return `<header class="reader-head">${head.join('')}</header>${cover}${summary}`;
}

/**
 * The AI summary card as the reader first draws it: one closed row, so the text under it stays
 * where it is. The summary is asked for only when the reader opens it (`AiSummaryCard.tsx`).
 */
export const AI_SUMMARY_PENDING_HTML =
  '<details class="ai-summary card" aria-label="摘要" aria-busy="false"><summary class="ai-summary-title">摘要<span class="ai-summary-state">展开</span></summary></details>';

/**
 * The pre-read panel (a logged-in reader's known share and new words) while its figures load, as
 * the reader first draws it: the same rows, of fixed heights, as the panel with its figures, so
 * the text under it stays where it is when they arrive. The server draws it for a request that
 * carries a session (`PreReadPanel.tsx`; its test holds the two to each other).
 */
export const PREREAD_PENDING_HTML =
  '<section class="preread" aria-label="读前概览" aria-busy="true" data-testid="preread"><div class="preread-top"><p class="preread-figure">正在估算你认识的词</p></div><div class="preread-bar"></div><p class="preread-note"></p></section>';

const BACK =
  '<button type="button" class="icon-button" aria-label="返回"><svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"></path></svg></button>';

/**
 * The whole first screen inside `#root`: the shell's main area, the page's top bar and the
 * article (head and its first blocks, as the reader's first render has them) in the reader's
 * elements: a long article's first screens cost the browser no more to parse and lay out than
 * the app's own first render. Buttons here do nothing until the app has
 * taken over; a tap on a word opens its sheet at once and is answered when the app has started
 * (`packages/web/src/boot/first-screen.ts`). `loggedIn`: the request carries a session, so the
 * pre-read panel's place is kept for it.
 */
export function readerPageHtml(article: ArticleDetail, options: { now?: Date; loggedIn?: boolean } = {}): string {
  const { now = new Date(), loggedIn = false } = options;
  return (
    `<div class="app"><main class="app-main"><div class="page page-reading">` +
    `<header class="page-header"><div class="page-header-side">${BACK}</div><p class="page-title">${escapeText(article.source ?? '外刊精读')}</p><div class="page-header-side page-header-actions"></div></header>` +
    `<article class="reader" style="--reader-scale: 1;">${readerHeadHtml(article, now)}${loggedIn ? PREREAD_PENDING_HTML : ''}${AI_SUMMARY_PENDING_HTML}<div><div class="reader-body">${readerBodyHtml(article.paragraphs, undefined, { blocks: READER_FIRST_BLOCKS, cuts: true })}</div></div></article>` +
    `</div></main></div>`
  );
}

/** The id of the word sheet the first screen's script draws (`packages/web/src/boot/first-screen.ts`). */
export const EARLY_SHEET_ID = 'cd-early-sheet';

const CLOSE =
  '<button type="button" class="icon-button" aria-label="关闭"><svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" stroke-width="2" stroke-linecap="round"></path></svg></button>';

/**
 * The word sheet while its word is looked up, as the reader's first dialog draws it (`Modal`
 * with `WordSheet` pending: backdrop, layer, panel, title, close, spinner), inside one wrapper
 * the script can remove. The script shows it when a word of the server-drawn text is tapped
 * before the app has started; the app's sheet replaces it with the same sheet and fills it in.
 * `WordSheet.test.tsx` holds the two to each other.
 */
export function wordSheetPendingHtml(word: string): string {
  const title = `${EARLY_SHEET_ID}-title`;
  return (
    `<div id="${EARLY_SHEET_ID}">` +
    `<div class="modal-backdrop" style="z-index: 1000;" aria-hidden="true"></div>` +
    `<div class="modal-layer" style="z-index: 1001;" data-testid="modal-layer">` +
    `<div class="modal-panel word-sheet" role="dialog" aria-modal="true" aria-labelledby="${title}" tabindex="-1">` +
    `<div class="modal-grabber" aria-hidden="true"></div>` +
    `<header class="modal-header"><h2 id="${title}" class="modal-title">${escapeText(word)}</h2>${CLOSE}</header>` +
    `<div class="modal-body"><div class="word-sheet-body"><div class="spinner-wrap" role="status"><span class="spinner" aria-hidden="true"></span><span class="visually-hidden">查词中</span></div></div></div>` +
    `</div></div></div>`
  );
}

/** Part of speech in the sentence, as a learner reads it (the word sheet's "在本句中作…"). */
export const POS_LABELS: Readonly<Record<string, string>> = {
  NOUN: '名词',
  PROPN: '专有名词',
  VERB: '动词',
  AUX: '助动词',
  ADJ: '形容词',
  ADV: '副词',
  ADP: '介词',
  CCONJ: '连词',
  SCONJ: '连词',
  PRON: '代词',
  DET: '限定词',
  NUM: '数词',
  PART: '小品词',
  INTJ: '感叹词',
};

/** A pronunciation's variant as the sheet labels it. */
export const VARIANT_LABELS = { UK: '英', US: '美' } as const;

const meaningListHtml = (meanings: WordEntry['meanings'], label: string) =>
  `<ul class="word-meanings" aria-label="${label}">` +
  meanings.map((m) => `<li><span class="word-pos">${escapeText(m.pos ?? '')}</span><span>${escapeText(m.text)}</span></li>`).join('') +
  `</ul>`;

/**
 * The phrase the tapped word belongs to, as the reader's sheet shows it above the word (web
 * `PhraseSection` without its add button, which the app brings): the early sheet's first part.
 */
export function wordPhraseHtml(phrase: NonNullable<WordEntry['phrase']>): string {
  return (
    `<section class="word-phrase" aria-label="本句短语">` +
    `<p class="word-phrase-head"><span class="word-phrase-label">短语</span><span class="word-phrase-text" lang="en">${escapeText(phrase.text)}</span></p>` +
    (phrase.meanings.length
      ? `<ul class="word-phrase-meanings" aria-label="短语释义">` +
        phrase.meanings
          .map((m) => `<li>${m.pos ? `<span class="word-pos">${escapeText(m.pos)}</span>` : ''}<span>${escapeText(m.text)}</span></li>`)
          .join('') +
        `</ul>`
      : '') +
    (phrase.definition ? `<p class="word-phrase-definition" lang="en">${escapeText(phrase.definition)}</p>` : '') +
    `</section>`
  );
}

/**
 * What the early sheet shows once the first screen's script has the tapped word's answer, before
 * the app has started: the top of the reader's entry (web WordSheet `Entry`: sounds, the form,
 * the part of speech in the sentence, the meanings that fit, the definition) in its markup. The
 * app's sheet, filled from the same answer, replaces it and adds what lies below (other meanings,
 * forms, exams, the word book). `WordSheet.test.tsx` holds the two to each other.
 */
export function wordEntryHtml(entry: WordEntry): string {
  const fitting = entry.meanings.filter((m) => m.fits);
  const shown = fitting.length ? fitting : entry.meanings;
  const posLabel = entry.pos_in_context ? POS_LABELS[entry.pos_in_context] : undefined;
  const sounds = entry.phonetics.length
    ? entry.phonetics
        .map(
          (p) =>
            `<span class="word-phonetic">${p.variant ? `<span class="word-phonetic-variant">${VARIANT_LABELS[p.variant]}</span>` : ''}<span lang="en-fonipa">/${escapeText(p.ipa)}/</span></span>`,
        )
        .join('')
    : entry.phonetic
      ? `<span class="word-phonetic">/${escapeText(entry.phonetic)}/</span>`
      : '';
  return (
    `<div class="word-entry">` +
    `<p class="word-head">${sounds}${entry.frequency !== null ? `<span class="word-frequency">词频第 ${entry.frequency} 位</span>` : ''}</p>` +
    (entry.form_of
      ? `<p class="word-form-of"><span lang="en">${escapeText(entry.form_of.form)}</span> 是 <span lang="en">${escapeText(entry.word)}</span> 的${escapeText(entry.form_of.label)}</p>`
      : '') +
    (posLabel && fitting.length > 0 ? `<p class="word-context-pos">在本句中作${posLabel}</p>` : '') +
    (shown.length ? meaningListHtml(shown, '中文释义') : '') +
    (entry.function_note ? `<p class="word-function-note" aria-label="用法说明">${escapeText(entry.function_note)}</p>` : '') +
    (entry.definition ? `<p class="word-definition" lang="en">${escapeText(entry.definition)}</p>` : '') +
    `</div>`
  );
}

/** The file of the web build (in its `dist`) that the server draws reading pages with. */
export const FIRST_SCREEN_FILE = 'first-screen.json';

/** What the web build leaves the server for drawing the reading page (packages/web/build/first-screen.ts). */
export interface FirstScreenBuild {
  /**
   * index.html for a page the server draws: the first screen's CSS and script inline in its head,
   * the app's own tags held in `<template id="cd-app">` until the text has painted.
   */
  html: string;
  /** The CSP source (`'sha256-…'`) that allows the inline script. */
  scriptHash: string;
  /** Links fetching the article route's modules and styles beside the entry, for a page the app draws. */
  routePreload: string;
}
