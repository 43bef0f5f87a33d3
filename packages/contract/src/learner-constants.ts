// The learner calls' rules the web client checks too (an imported list is read before it is sent): no zod here.

/** The statuses a reader sets by hand; `learning` is the word book's (words.add), never set here. */
export const learnerWordStatuses = ['known', 'ignored', 'new'] as const;
export type LearnerWordStatus = (typeof learnerWordStatuses)[number];

/** How many words one call may mark (an imported list, "I know the rest" goes its own way). */
export const LEARNER_WORDS_MAX = 2000;

/** An English word as a reader types or imports it: letters, with inner apostrophes or hyphens. */
export const ENGLISH_WORD = /^[A-Za-z](?:[A-Za-z'’-]*[A-Za-z])?$/;
