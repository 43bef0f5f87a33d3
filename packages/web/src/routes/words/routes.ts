import type { RouteObject } from 'react-router';
import { screen } from '../screen';

/** The word book and flashcards (spec §2). */
export const wordRoutes: RouteObject[] = [
  { path: 'myword', ...screen(() => import('./WordBook').then((m) => m.WordBook)) },
  { path: 'myword/:word/show', ...screen(() => import('./WordDetail').then((m) => m.WordDetail)) },
  { path: 'flashcard', ...screen(() => import('./FlashcardHome').then((m) => m.FlashcardHome)) },
  { path: 'flashcard/start', ...screen(() => import('./ReviewStart').then((m) => m.ReviewStart)) },
  { path: 'flashcard/demo', ...screen(() => import('./ReviewDemo').then((m) => m.ReviewDemo)) },
  { path: 'flashcard/reviewArticleWords', ...screen(() => import('./ReviewArticleWords').then((m) => m.ReviewArticleWords)) },
];
