import type { WordEntry } from '@changdu/contract';
import { errorMessage } from '../../api/client';
import { useAddWord } from '../../api/words.queries';
import { useIsLoggedIn } from '../../lib/session';
import { toast } from '../../lib/toast';

export interface PhraseSectionProps {
  phrase: NonNullable<WordEntry['phrase']>;
  sentence: string;
  /** The article read, for the word book's context; null in a book. */
  articleId: number | null;
}

/**
 * The phrase the tapped word belongs to in its sentence ("gave … up" → give up), shown above the
 * word: its Chinese meanings, an English definition and a button that adds it as a phrase card.
 */
export function PhraseSection({ phrase, sentence, articleId }: PhraseSectionProps) {
  const loggedIn = useIsLoggedIn();
  const add = useAddWord();
  return (
    <section className="word-phrase" aria-label="本句短语">
      <p className="word-phrase-head">
        <span className="word-phrase-label">短语</span>
        <span className="word-phrase-text" lang="en">
          {phrase.text}
        </span>
      </p>
      {phrase.meanings.length > 0 && (
        <ul className="word-phrase-meanings" aria-label="短语释义">
          {phrase.meanings.map((m, i) => (
            <li key={i}>
              {m.pos && <span className="word-pos">{m.pos}</span>}
              <span>{m.text}</span>
            </li>
          ))}
        </ul>
      )}
      {phrase.definition && (
        <p className="word-phrase-definition" lang="en">
          {phrase.definition}
        </p>
      )}
      {loggedIn &&
        (add.data ? (
          <p className="word-phrase-added" role="status">
            <span className="word-in-book-mark" aria-hidden="true">
              ✓
            </span>
            {add.data.added ? '短语已加入生词本' : '短语已在生词本'}
          </p>
        ) : (
          <button
            type="button"
            className="button button-secondary button-small word-phrase-add"
            disabled={add.isPending}
            onClick={() =>
              add.mutate(
                articleId === null
                  ? { word: phrase.text, sentence, source: 'book' }
                  : { word: phrase.text, sentence, article_id: articleId },
                { onError: (error) => toast(errorMessage(error)) },
              )
            }
          >
            加入短语
          </button>
        ))}
    </section>
  );
}
