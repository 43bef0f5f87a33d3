/**
 * A poster has room for about six lines of English quote and three of Chinese: longer text
 * ends with an ellipsis, at a word when there is a space near the end.
 */
export function clamp(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  // A cut that falls just before a space already ends at a word.
  const space = text[max] === ' ' ? max : cut.lastIndexOf(' ');
  return `${(space > max * 0.8 ? cut.slice(0, space) : cut).replace(/[\s,;:，；：—-]+$/, '')}…`;
}

/**
 * How many characters of English quote fit under a title on the poster: the title's 52 px bold
 * serif fits about 15 characters a line, the quote's 32 px about 32, and the text area about
 * eight title-sized lines in all.
 */
export function quoteBudget(title: string, hasZhTitle: boolean): number {
  const titleLines = Math.ceil(title.length / 15);
  return Math.max(3, 8 - titleLines - (hasZhTitle ? 1 : 0)) * 32;
}
