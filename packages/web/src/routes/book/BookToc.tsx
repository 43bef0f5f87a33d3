import type { TocLine } from '@changdu/contract';
import { Modal } from '../../components/Modal';

/** The table of contents sheet: a line opens its chapter, at its section when the line points into one. */
export function BookToc({
  open,
  toc,
  current,
  onClose,
  onGo,
}: {
  open: boolean;
  toc: TocLine[];
  current: number;
  onClose: () => void;
  onGo: (chapter: number, paragraph: string | null) => void;
}) {
  return (
    <Modal open={open} onClose={onClose} title="目录">
      <ol className="book-toc book-toc-sheet">
        {toc.map((line, i) => (
          <li
            key={i}
            style={{ paddingInlineStart: `${line.depth * 16}px` }}
            className={line.chapter === current ? 'is-current' : undefined}
          >
            {line.chapter !== null ? (
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  onClose();
                  onGo(line.chapter!, line.paragraph);
                }}
              >
                {line.title}
              </button>
            ) : (
              <span>{line.title}</span>
            )}
          </li>
        ))}
      </ol>
    </Modal>
  );
}
