import type { RouteObject } from 'react-router';
import { screen } from '../screen';

/** AI questions (spec §2): my questions, and one conversation. */
export const askAiRoutes: RouteObject[] = [
  { path: 'askai', ...screen(() => import('./AskAiList').then((m) => m.AskAiList)) },
  { path: 'askai/:id', ...screen(() => import('./AskAiDetail').then((m) => m.AskAiDetail)) },
  { path: 'flashcard/articleQuestion', ...screen(() => import('./ArticleQuestions').then((m) => m.ArticleQuestions)) },
];
