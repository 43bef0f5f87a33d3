import type { RouteObject } from 'react-router';

/** The reader's own pages: notes, stars, history, read data (spec §2). */
export const readingRoutes: RouteObject[] = [];
