import type { BookCard } from '@changdu/contract';

/** A book's cover, or a drawn one with its title when the book has none. */
export function BookCover({ book, size = 'md' }: { book: Pick<BookCard, 'title' | 'author' | 'cover'>; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <div className={`book-cover book-cover-${size}`}>
      {book.cover ? (
        <img src={`${book.cover}?w=${size === 'lg' ? 400 : 200}`} alt="" loading="lazy" />
      ) : (
        <div className="book-cover-drawn" aria-hidden="true">
          <span className="book-cover-title">{book.title}</span>
          {book.author && <span className="book-cover-author">{book.author}</span>}
        </div>
      )}
    </div>
  );
}

export const percent = (progress: number) => `${Math.round(progress * 100)}%`;
