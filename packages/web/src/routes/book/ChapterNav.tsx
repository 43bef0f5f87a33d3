/** 上一章 · n / N · 下一章, under the chapter. */
export function ChapterNav({ chapter, chapterCount, onGo }: { chapter: number; chapterCount: number; onGo: (chapter: number) => void }) {
  return (
    <nav className="book-chapter-nav" aria-label="翻章">
      <button type="button" className="button button-ghost" disabled={chapter <= 0} onClick={() => onGo(chapter - 1)}>
        上一章
      </button>
      <span className="book-row-meta">
        {chapter + 1} / {chapterCount}
      </span>
      <button type="button" className="button button-secondary" disabled={chapter >= chapterCount - 1} onClick={() => onGo(chapter + 1)}>
        下一章
      </button>
    </nav>
  );
}
