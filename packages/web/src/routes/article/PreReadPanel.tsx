import { useState } from 'react';
import { Link } from 'react-router';
import type { LearnerArticle } from '@changdu/contract';
import { errorMessage } from '../../api/client';
import { useArticleKnown, useLearnerArticle, useMarkWords } from '../../api/learner.queries';
import { useAddWord } from '../../api/words.queries';
import { toast } from '../../lib/toast';

type NewWord = LearnerArticle['new_words'][number];

/** The sentence with the word's first occurrence (any form) set in bold. */
function InSentence({ sentence, word }: { sentence: string; word: string }) {
  const at = sentence.toLowerCase().search(new RegExp(`\\b${word.slice(0, Math.max(3, word.length - 2)).toLowerCase()}`));
  if (at < 0) return <>{sentence}</>;
  const end = sentence.slice(at).search(/[^A-Za-z'’-]|$/);
  return (
    <>
      {sentence.slice(0, at)}
      <strong>{sentence.slice(at, at + end)}</strong>
      {sentence.slice(at + end)}
    </>
  );
}

/** The reader has marked nothing in this article (no test, no known word, no word-book word): its shares say nothing yet. */
export function unmarked(figures: Pick<LearnerArticle, 'known_pct' | 'learning_pct'>): boolean {
  return figures.known_pct === 0 && figures.learning_pct === 0;
}

/**
 * Before the text (logged-in readers): how much of the article the reader knows, in three rows of
 * fixed height drawn before the figures arrive (contract `PREREAD_PENDING_HTML`, which the server
 * draws too), so the text never moves under the reader. The new words most worth learning open
 * below on the reader's tap, each with the meaning that fits its first sentence, to add to the
 * word book or mark known.
 */
export function PreReadPanel({ articleId }: { articleId: number }) {
  const panel = useLearnerArticle(articleId);
  const [expanded, setExpanded] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const add = useAddWord();
  const mark = useMarkWords();
  const [added, setAdded] = useState<Set<string>>(() => new Set());
  if (panel.isError) return null;
  if (!panel.data)
    return (
      <section className="preread" aria-label="读前概览" aria-busy="true" data-testid="preread">
        <div className="preread-top">
          <p className="preread-figure">正在估算你认识的词</p>
        </div>
        <div className="preread-bar"></div>
        <p className="preread-note"></p>
      </section>
    );
  const { known_pct: known, learning_pct: learning, new_words: words, unique_words: unique } = panel.data;
  const chosen = words.find((w) => w.word === open) ?? null;
  const listId = `preread-words-${articleId}`;

  const addWord = (w: NewWord) =>
    add.mutate(
      { word: w.word, ...(w.sentence ? { sentence: w.sentence } : {}), article_id: articleId },
      { onSuccess: () => setAdded(new Set(added).add(w.word)), onError: (error) => toast(errorMessage(error)) },
    );
  const know = (w: NewWord) =>
    mark.mutate(
      { words: [w.word], status: 'known' },
      { onSuccess: () => (setOpen(null), toast(`已标记认识：${w.word}`)), onError: (error) => toast(errorMessage(error)) },
    );

  return (
    <section className="preread" aria-label="读前概览" data-testid="preread">
      <div className="preread-top">
        <p className="preread-figure">
          你认识其中 <strong data-testid="preread-known">{Math.round(known)}%</strong> 的词
          {learning > 0 && <span className="preread-learning"> · 在学 {Math.round(learning)}%</span>}
        </p>
        {words.length > 0 && (
          <button
            type="button"
            className="preread-toggle"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setExpanded(!expanded)}
          >
            生词 {words.length}
            <span className="preread-chevron" aria-hidden="true">
              {expanded ? '▴' : '▾'}
            </span>
          </button>
        )}
      </div>
      <div className="preread-bar" role="img" aria-label={`认识 ${Math.round(known)}%，在学 ${Math.round(learning)}%`}>
        <span className="preread-bar-known" style={{ width: `${known}%` }} />
        <span className="preread-bar-learning" style={{ width: `${learning}%` }} />
      </div>
      {unmarked(panel.data) ? (
        // Nothing known yet: every word would count as new. The test says in 3 minutes what weeks of marking would.
        <p className="preread-note">
          还不知道你认识哪些词：<Link to="/learner/placement">测一测词汇量</Link>，生词才标得准
        </p>
      ) : (
        <p className="preread-note">
          {known >= 90 && known <= 98 ? '难度正合适：大部分都认识，又有新词可学' : known > 98 ? '轻松读：几乎都认识' : '有些难：可以先看看生词'}
          {' · '}共 {unique} 个不同的词
        </p>
      )}
      {expanded && (
        <div id={listId}>
          <h2 className="preread-title">值得先学的生词</h2>
          <ul className="preread-words">
            {words.map((w) => (
              <li key={w.word}>
                <button
                  type="button"
                  className={`preread-word${open === w.word ? ' is-open' : ''}`}
                  aria-expanded={open === w.word}
                  onClick={() => setOpen(open === w.word ? null : w.word)}
                >
                  <span lang="en">{w.word}</span>
                  {w.count > 1 && <span className="preread-count">×{w.count}</span>}
                </button>
              </li>
            ))}
          </ul>
          {chosen && (
            <div className="preread-detail" role="region" aria-label={`${chosen.word} 在文中`}>
              <p className="preread-meaning">
                <span lang="en" className="preread-detail-word">
                  {chosen.word}
                </span>{' '}
                {chosen.meaning ?? '词典里没有释义'}
              </p>
              {chosen.sentence && (
                <p className="preread-sentence" lang="en">
                  <InSentence sentence={chosen.sentence} word={chosen.word} />
                </p>
              )}
              <div className="preread-actions">
                <button
                  type="button"
                  className="button button-secondary button-small"
                  disabled={add.isPending || added.has(chosen.word)}
                  onClick={() => addWord(chosen)}
                >
                  {added.has(chosen.word) ? '已加入生词本' : '加入生词本'}
                </button>
                <button type="button" className="button button-ghost button-small" disabled={mark.isPending} onClick={() => know(chosen)}>
                  我认识
                </button>
              </div>
            </div>
          )}
        </div>
      )}
    </section>
  );
}

/** At the end of the article: every word not in the word book becomes known (LingQ's page turn). */
export function KnowTheRest({ articleId }: { articleId: number }) {
  const known = useArticleKnown();
  return (
    <section className="know-rest" aria-label="其余都认识">
      {known.data ? (
        <p className="know-rest-text" role="status">
          {known.data.changed > 0 ? `已把 ${known.data.changed} 个词标为认识` : '这篇的词都已在你的词汇里'} ·{' '}
          <Link to="/Mine">看我的词汇</Link>
        </p>
      ) : (
        <>
          <p className="know-rest-text">读完了？生词本以外的词都算认识，推荐会更合你的水平</p>
          <button
            type="button"
            className="button button-secondary"
            disabled={known.isPending}
            onClick={() => known.mutate({ id: articleId }, { onError: (error) => toast(errorMessage(error)) })}
          >
            其余的词我都认识
          </button>
        </>
      )}
    </section>
  );
}
