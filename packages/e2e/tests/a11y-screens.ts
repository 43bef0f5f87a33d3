import { expect, type Page } from '@playwright/test';

/**
 * The screens the accessibility specs visit, one line each: every route of the web app's router is
 * in one of these lists (a11y-routes.spec.ts checks it against the router), reader screens at a
 * phone's width (a11y-reader.spec.ts), the managers' at a desktop's (a11y-admin.spec.ts).
 */
export interface Screen<D> {
  /** The router's pattern, as router.tsx writes it under its parents ('/article/:id'). */
  route: string;
  /** Where to go, with the made data in the pattern's parameters; the route itself when it has none. */
  path?: (d: D) => string;
  /** What the screen shows from the made data once loaded: proves it shows content, not only its empty state. */
  shows?: (d: D) => string | RegExp;
  /** Visited logged out (the screen is for visitors: a logged-in reader is sent on). */
  visitor?: true;
  /** More to wait for than the loaded data (what the screen draws after it). */
  ready?: (page: Page) => Promise<void>;
}

/** What a11y-reader.spec.ts makes through the API before the visits. */
export interface ReaderData {
  article: number;
  articleTitle: string;
  note: string;
  word: string;
  collection: number;
  collectionTitle: string;
  creator: number;
  book: number;
  bookTitle: string;
  magazine: number;
  magazineName: string;
  magazineArticle: string;
  ask: number;
  askPrompt: string;
  orderNo: string;
  trial: string;
}

/**
 * An article page once what it draws after the text is there: the pre-read panel and the mark that
 * the article is kept for offline reading. Not "network idle": the service worker keeps the page's
 * data, images and dictionary pack behind it, so the network may not fall silent for long.
 */
export async function articleSettled(page: Page): Promise<void> {
  await expect(page.getByRole('region', { name: '读前概览' })).toBeVisible();
  await expect(page.locator('[data-offline="ready"]')).toBeAttached();
}

export const READER_SCREENS: Screen<ReaderData>[] = [
  { route: '/', shows: (d) => d.articleTitle },
  { route: '/article', shows: (d) => d.articleTitle },
  { route: '/article/:id', path: (d) => `/article/${d.article}`, shows: (d) => d.articleTitle, ready: articleSettled },
  { route: '/explore', shows: (d) => d.magazineName },
  { route: '/label' },
  { route: '/topic/:topic', path: () => '/topic/science', shows: (d) => d.articleTitle },
  { route: '/Search', path: () => '/Search?q=river', shows: (d) => d.articleTitle },
  { route: '/About' },
  { route: '/Mine' },
  { route: '/offline' },
  { route: '/learner/placement' },
  { route: '/learner/import' },
  { route: '/Login', visitor: true },
  { route: '/Register', visitor: true },
  { route: '/reset', visitor: true },
  { route: '/change_password' },
  { route: '/change_username' },
  { route: '/mynote', shows: (d) => d.articleTitle },
  { route: '/mynote/:id', path: (d) => `/mynote/${d.article}`, shows: (d) => d.note },
  { route: '/MyStar', shows: (d) => d.articleTitle },
  { route: '/history' },
  { route: '/read_data' },
  { route: '/myword', shows: (d) => d.word },
  { route: '/myword/:word/show', path: (d) => `/myword/${d.word}/show`, shows: (d) => d.word },
  { route: '/flashcard' },
  { route: '/flashcard/start' },
  { route: '/flashcard/demo' },
  { route: '/flashcard/reviewArticleWords', path: (d) => `/flashcard/reviewArticleWords?article_id=${d.article}` },
  { route: '/flashcard/articleQuestion', path: (d) => `/flashcard/articleQuestion?id=${d.article}` },
  { route: '/member' },
  { route: '/member/buy', path: (d) => `/member/buy?order_no=${d.orderNo}`, shows: (d) => d.orderNo },
  { route: '/member/log' },
  { route: '/trial', path: (d) => `/trial?e=${encodeURIComponent(d.trial)}` },
  { route: '/Award' },
  { route: '/Rank' },
  { route: '/collection/all', shows: (d) => d.collectionTitle },
  { route: '/collection/follow' },
  { route: '/collection/new' },
  { route: '/collection/:id/show', path: (d) => `/collection/${d.collection}/show`, shows: (d) => d.collectionTitle },
  { route: '/creator/:id', path: (d) => `/creator/${d.creator}`, shows: (d) => d.collectionTitle },
  { route: '/MyCollection', shows: (d) => d.collectionTitle },
  { route: '/changdu/apply' },
  { route: '/book', shows: (d) => d.bookTitle },
  { route: '/book/library', shows: (d) => d.bookTitle },
  { route: '/book/upload' },
  { route: '/book/:id/show', path: (d) => `/book/${d.book}/show`, shows: (d) => d.bookTitle },
  { route: '/book/:id/read', path: (d) => `/book/${d.book}/read`, shows: () => 'The Harbour' },
  { route: '/book/:id/share', path: (d) => `/book/${d.book}/share` },
  { route: '/magazine', shows: (d) => d.magazineName },
  { route: '/magazine/:id', path: (d) => `/magazine/${d.magazine}`, shows: (d) => d.magazineArticle },
  { route: '/askai', shows: (d) => d.askPrompt },
  { route: '/askai/:id', path: (d) => `/askai/${d.ask}`, shows: (d) => d.askPrompt },
  { route: '/app_upgrade' },
  { route: '/_old_index' },
  { route: '/poster/product' },
  { route: '/article/:id/poster3', path: (d) => `/article/${d.article}/poster3` },
  { route: '/*', path: () => '/no/such/page', shows: () => 'Page Not Found' },
];

/** What a11y-admin.spec.ts makes through the API before the visits. */
export interface AdminData {
  article: number;
  articleTitle: string;
  readerPhone: string;
  orderNo: string;
  collection: number;
  collectionTitle: string;
  magazine: number;
  magazineName: string;
  feedTitle: string;
}

export const ADMIN_SCREENS: Screen<AdminData>[] = [
  { route: '/admin' },
  {
    route: '/admin/user/search',
    path: (d) => `/admin/user/search?q=${d.readerPhone}`,
    shows: (d) => `${d.readerPhone.slice(0, 3)}****${d.readerPhone.slice(-4)}`,
  },
  { route: '/admin/visitor' },
  { route: '/admin/articles', shows: (d) => d.articleTitle },
  { route: '/admin/article/:id', path: (d) => `/admin/article/${d.article}` },
  { route: '/admin/rss', shows: (d) => d.feedTitle },
  { route: '/admin/order', shows: (d) => d.orderNo },
  { route: '/admin/code' },
  { route: '/admin/collection', shows: (d) => d.collectionTitle },
  { route: '/admin/collection/edit', path: (d) => `/admin/collection/edit?id=${d.collection}` },
  { route: '/admin/magazine', shows: (d) => d.magazineName },
  { route: '/admin/magazine/:id', path: (d) => `/admin/magazine/${d.magazine}`, shows: (d) => d.magazineName },
  { route: '/admin/qywx' },
  { route: '/admin/poster' },
  { route: '/admin/poster_xhs', path: (d) => `/admin/poster_xhs?id=${d.article}` },
  { route: '/admin/article/:id/poster', path: (d) => `/admin/article/${d.article}/poster` },
  { route: '/admin/article/:id/Poster2', path: (d) => `/admin/article/${d.article}/Poster2` },
];
