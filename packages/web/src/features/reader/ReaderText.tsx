import type { MouseEvent, RefObject } from 'react';
import type { Paragraph } from '@changdu/contract';
import { ArticleBody, type Decorations } from './ArticleBody';
import type { WordLookup } from './useWordLookup';

export interface ReaderTextProps {
  bodyRef: RefObject<HTMLDivElement | null>;
  paragraphs: Paragraph[];
  bilingual: boolean;
  decorations: Decorations;
  /** The word cursor: the text is its one Tab stop, with its key hint and live region after it. */
  cursor: WordLookup['cursor'];
  /** A members-only preview (the text fades out at its end). */
  preview?: boolean;
  onClick?: (event: MouseEvent<HTMLDivElement>) => void;
  paragraphMenu?: boolean;
  progressive?: boolean;
}

/** The text the reading tools work on: the paragraphs, decorated, under the keyboard's word cursor. */
export function ReaderText({
  bodyRef,
  paragraphs,
  bilingual,
  decorations,
  cursor,
  preview,
  onClick,
  paragraphMenu,
  progressive,
}: ReaderTextProps) {
  return (
    <>
      <div ref={bodyRef} className={preview ? 'reader-text reader-preview' : 'reader-text'} onClick={onClick} {...cursor.textProps}>
        <ArticleBody
          paragraphs={paragraphs}
          bilingual={bilingual}
          decorations={decorations}
          paragraphMenu={paragraphMenu}
          progressive={progressive}
        />
      </div>
      {cursor.aside}
    </>
  );
}
