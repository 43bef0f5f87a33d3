import type { Migration } from 'kysely';
import type { Dialect } from '../client.js';
import { accounts } from './2026_11_21_0001_accounts.js';
import { tasks } from './2026_11_21_0002_tasks.js';
import { articles } from './2026_11_22_0003_articles.js';
import { reading } from './2026_11_22_0004_reading.js';
import { wordReviews } from './2026_11_22_0005_word_reviews.js';
import { contextForms } from './2026_11_22_0006_context_forms.js';
import { taskIdempotency } from './2026_11_23_0007_task_idempotency.js';
import { searchFollowsRows } from './2026_11_23_0008_search_follows_rows.js';
import { membership } from './2026_11_23_0009_membership.js';
import { collections } from './2026_11_23_0010_collections.js';
import { books } from './2026_11_23_0011_books.js';
import { magazines } from './2026_11_23_0012_magazines.js';
import { ai } from './2026_11_23_0013_ai.js';
import { media } from './2026_11_23_0014_media.js';
import { perf } from './2026_11_23_0016_perf.js';
import { keptMeaning } from './2026_11_27_0018_kept_meaning.js';
import { learner } from './2026_11_27_0021_learner.js';
import { taskLeases } from './2026_11_27_0023_task_leases.js';
import { buyerPaid } from './2026_11_27_0024_buyer_paid.js';
import { uploads } from './2026_11_28_0025_uploads.js';
import { rankWeeks } from './2026_11_28_0026_rank_weeks.js';
import { searchRows } from './2026_11_28_0027_search_rows.js';
import { offlineReading } from './2026_11_28_0028_offline_reading.js';
import { dropAppSecrets } from './2026_11_28_0029_drop_app_secrets.js';
import { wordsAddedByDay } from './2026_11_29_0030_words_added_by_day.js';

/** Every migration, oldest first. Names are timestamped and never change once committed. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '2026_11_21_0001_accounts': accounts(dialect),
    '2026_11_21_0002_tasks': tasks(dialect),
    '2026_11_22_0003_articles': articles(dialect),
    '2026_11_22_0004_reading': reading(dialect),
    '2026_11_22_0005_word_reviews': wordReviews(dialect),
    '2026_11_22_0006_context_forms': contextForms(),
    '2026_11_23_0007_task_idempotency': taskIdempotency(),
    '2026_11_23_0008_search_follows_rows': searchFollowsRows(dialect),
    '2026_11_23_0009_membership': membership(dialect),
    '2026_11_23_0010_collections': collections(dialect),
    '2026_11_23_0011_books': books(dialect),
    '2026_11_23_0012_magazines': magazines(dialect),
    '2026_11_23_0013_ai': ai(dialect),
    '2026_11_23_0014_media': media(dialect),
    '2026_11_23_0016_perf': perf(),
    '2026_11_27_0018_kept_meaning': keptMeaning(),
    '2026_11_27_0021_learner': learner(dialect),
    '2026_11_27_0023_task_leases': taskLeases(dialect),
    '2026_11_27_0024_buyer_paid': buyerPaid(dialect),
    '2026_11_28_0025_uploads': uploads(dialect),
    '2026_11_28_0026_rank_weeks': rankWeeks(dialect),
    '2026_11_28_0027_search_rows': searchRows(dialect),
    '2026_11_28_0028_offline_reading': offlineReading(dialect),
    '2026_11_28_0029_drop_app_secrets': dropAppSecrets(),
    '2026_11_29_0030_words_added_by_day': wordsAddedByDay(),
  };
}
