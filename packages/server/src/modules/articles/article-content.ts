import type { ArticleLevel, Paragraph } from '@changdu/contract';
import type { Ecdict } from '../dictionary/index.js';
import { levelOf, measure, type TextMetrics } from './metrics.js';
import { bodyText } from './structure.js';

export interface PreparedContent {
  content: string;
  body_text: string;
  word_count: number;
  level_auto: ArticleLevel;
  metrics: string;
}

/** The stored form of a body: JSON structure, plain text, and the metrics and level computed from it. */
export function prepareContent(paragraphs: Paragraph[], dict: Ecdict): PreparedContent {
  const text = bodyText(paragraphs);
  const metrics: TextMetrics = measure(text, dict);
  return {
    content: JSON.stringify(paragraphs),
    body_text: text,
    word_count: metrics.words,
    level_auto: levelOf(metrics),
    metrics: JSON.stringify(metrics),
  };
}

export function parseParagraphs(content: string): Paragraph[] {
  return JSON.parse(content) as Paragraph[];
}
