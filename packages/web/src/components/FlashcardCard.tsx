import { cardStateLabels } from '@changdu/contract';
import type { FlashcardData } from '../lib/flashcard-session';
import { clipAroundMark, markWord } from '../lib/wordbook-format';
import '../styles/words.css';
import '../styles/flashcards.css';

/** A sentence with the word marked wherever it occurs (a cloze-style highlight). */
export function MarkedSentence({
  sentence,
  word,
  forms,
  clip = false,
}: {
  sentence: string;
  word: string;
  forms?: readonly string[];
  clip?: boolean;
}) {
  const pieces = markWord(sentence, word, forms);
  return (
    <>
      {(clip ? clipAroundMark(pieces) : pieces).map((piece, i) =>
        piece.mark ? (
          <mark key={i} className="word-mark">
            {piece.text}
          </mark>
        ) : (
          piece.text
        ),
      )}
    </>
  );
}

/** "n. 消费, 消费量" → the part of speech set apart from the meaning. */
export function Meaning({ text }: { text: string }) {
  const m = text.match(/^([a-z]+\.(?:\s*&\s*[a-z]+\.)?)\s*(.*)$/);
  if (!m) return <>{text}</>;
  return (
    <>
      <span className="word-pos">{m[1]}</span> {m[2]}
    </>
  );
}

/** ECDICT phonetics come without slashes. */
export function phoneticText(phonetic: string): string {
  return /^[/[]/.test(phonetic) ? phonetic : `/${phonetic}/`;
}

export interface FlashcardFaceProps {
  card: FlashcardData;
  side: 'front' | 'back';
  repeat: boolean;
}

/**
 * The face of a card. Front: the word and its context sentence with the word marked.
 * Back: the same, plus phonetic, the meaning kept when the card was added (the one the word sheet
 * showed for its sentence) with the dictionary's others folded, and where the sentence came from.
 */
export function FlashcardFace({ card, side, repeat }: FlashcardFaceProps) {
  const context = card.contexts.find((c) => c.sentence) ?? card.contexts[0];
  return (
    <>
      <p className="flashcard-tags">
        <span className="chip word-state" data-state={card.state}>
          {cardStateLabels[card.state]}
        </span>
        {repeat && <span className="chip chip-plain">再次复习</span>}
      </p>
      <p className="flashcard-word" lang="en">
        {card.word}
      </p>
      {side === 'back' && card.phonetic && <p className="flashcard-phonetic">{phoneticText(card.phonetic)}</p>}
      {side === 'back' && (
        <p className="flashcard-meaning" data-testid="flashcard-meaning">
          {card.meaning ? <Meaning text={card.meaning} /> : '（词典里没有释义）'}
        </p>
      )}
      {side === 'back' && card.other_meanings && card.other_meanings.length > 0 && (
        <details className="flashcard-more">
          <summary>其他释义（{card.other_meanings.length}）</summary>
          <ul>
            {card.other_meanings.map((m) => (
              <li key={m}>
                <Meaning text={m} />
              </li>
            ))}
          </ul>
        </details>
      )}
      {context?.sentence && (
        <p className="flashcard-sentence" lang="en">
          <MarkedSentence
            sentence={context.sentence}
            word={card.word}
            forms={context.form ? [context.form, ...(card.forms ?? [])] : card.forms}
            clip
          />
        </p>
      )}
      {side === 'back' && context?.article_title && (
        <p className="flashcard-source">
          来自<span lang="en">《{context.article_title}》</span>
        </p>
      )}
      {side === 'back' && context?.source === 'demo' && <p className="flashcard-source">演示用例句</p>}
    </>
  );
}
