import fs from 'node:fs';
import path from 'node:path';
import { serverRoot } from '../../lib/package-root.js';
import type { ArticleLevel, Topic } from '@changdu/contract';

/** An original article written for this project (seed/demo-articles.json). */
export interface DemoArticle {
  slug: string;
  title: string;
  title_zh: string;
  author: string;
  source: string;
  topics: Topic[];
  published_at: string;
  summary: string;
  summary_zh: string;
  target_level: ArticleLevel;
  paragraphs: { en: string; zh: string }[];
}

let cache: DemoArticle[] | null = null;

export function demoArticles(): DemoArticle[] {
  cache ??= JSON.parse(fs.readFileSync(path.join(serverRoot(), 'src/seed/demo-articles.json'), 'utf8')) as DemoArticle[];
  return cache;
}

/** Two articles live only in the demo feed, so crawling and downloading it brings in something new. */
export const FEED_ONLY = new Set(['a-day-in-lisbon-without-my-phone', 'what-free-museum-days-really-cost']);
