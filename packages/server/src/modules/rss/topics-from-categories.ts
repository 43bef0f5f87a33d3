import { topicSlugs, type Topic } from '@changdu/contract';

const SYNONYMS: Record<string, Topic> = {
  tech: 'technology',
  ai: 'technology',
  computing: 'technology',
  climate: 'environment',
  nature: 'environment',
  energy: 'environment',
  economy: 'business',
  economics: 'business',
  finance: 'business',
  money: 'business',
  medicine: 'health',
  wellbeing: 'health',
  arts: 'culture',
  books: 'culture',
  film: 'culture',
  music: 'culture',
  schools: 'education',
  learning: 'education',
  international: 'world',
  politics: 'world',
  space: 'science',
};

/** The product's topics a feed item's categories point to (at most three). */
export function topicsFromCategories(categories: string[]): Topic[] {
  const found = new Set<Topic>();
  for (const category of categories) {
    for (const word of category.toLowerCase().split(/[^a-z]+/)) {
      if ((topicSlugs as string[]).includes(word)) found.add(word as Topic);
      else if (SYNONYMS[word]) found.add(SYNONYMS[word]);
    }
  }
  return [...found].slice(0, 3);
}
