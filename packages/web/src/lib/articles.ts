import { DEFAULT_IMAGE_WIDTH, levelLabels, statusLabels, type ArticleCard, type ArticleLevel, type ArticleStatus } from '@changdu/contract';

// Shared with the server's first render of the reader (contract reader-html.ts).
export { readingTime, topicLabel } from '@changdu/contract';

/** An own image path at a width (spec §9: images are served resized, default 300). */
export function imageAt(path: string, width: number = DEFAULT_IMAGE_WIDTH): string {
  return `${path}${path.includes('?') ? '&' : '?'}w=${width}`;
}

/** The placeholder cover of an article without one (spec §9: a fixed list of about 26). */
export function placeholderPath(index: number): string {
  return `/api/image/placeholder-${index}.webp`;
}

/** The cover path of a card: its own cover, or its stable placeholder. */
export function coverPath(card: Pick<ArticleCard, 'cover' | 'placeholder'>): string {
  return card.cover ?? placeholderPath(card.placeholder);
}

/** `src` at 300 px plus a 600 px candidate for wide cards and 2× screens. */
export function coverSources(path: string): { src: string; srcSet: string } {
  return { src: imageAt(path, 300), srcSet: `${imageAt(path, 300)} 300w, ${imageAt(path, 600)} 600w` };
}

export function levelLabel(level: ArticleLevel): string {
  return levelLabels[level];
}

export function statusLabel(status: ArticleStatus): string {
  return statusLabels[status];
}

/** Where a card's byline comes from: the author, the source, or both. */
export function byline(card: Pick<ArticleCard, 'author' | 'source'>): string {
  return [card.author?.name, card.source].filter(Boolean).join(' · ');
}
