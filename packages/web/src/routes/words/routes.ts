import type { RouteObject } from 'react-router';

/** The word book and flashcards (spec §2). */
export const wordRoutes: RouteObject[] = [];
