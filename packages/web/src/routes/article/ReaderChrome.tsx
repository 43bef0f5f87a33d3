import { useEffect, useState, type ReactNode } from 'react';
import { scrollPage } from '../../lib/scroll';

/** While a page-step button scrolls the page, the bar holding it stays put. */
const STEP_HOLD_MS = 1200;
let steppedAt = 0;

function step(direction: 'up' | 'down') {
  steppedAt = Date.now();
  scrollPage(direction);
}

/** How far down the page the reader is, 0–1, updated once per frame while scrolling. */
function useScrollFraction(): { fraction: number; goingDown: boolean } {
  const [state, setState] = useState({ fraction: 0, goingDown: false });
  useEffect(() => {
    let frame = 0;
    // Read on the first scroll, not on mount: reading scrollY while the article's first
    // render is still unlaid-out forces a layout of the whole page.
    let lastY: number | null = null;
    const measure = () => {
      frame = 0;
      const y = window.scrollY;
      lastY ??= y;
      const room = document.documentElement.scrollHeight - window.innerHeight;
      const fraction = room > 0 ? Math.min(1, Math.max(0, y / room)) : 0;
      const delta = y - lastY;
      lastY = y;
      setState((old) => ({
        fraction,
        // Small moves keep the current state; near the end the tools always show.
        goingDown:
          fraction > 0.98 || Date.now() - steppedAt < STEP_HOLD_MS ? false : Math.abs(delta) < 6 ? old.goingDown : delta > 0 && y > 160,
      }));
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(measure);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);
  return state;
}

export interface ReaderToolbarProps {
  noteCount: number;
  starred: boolean;
  finished: boolean;
  onNotes: () => void;
  onStar: () => void;
  onFinish: () => void;
  onShare: () => void;
}

const icons = {
  up: 'M6 15l6-6 6 6',
  down: 'M6 9l6 6 6-6',
  notes: 'M5 4h11l3 3v13H5zM8 10h8M8 14h8M8 18h5',
  star: 'M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L12 16.9l-5.2 2.8 1-5.9-4.3-4.1 5.9-.8z',
  check: 'M4.5 12.5l4.5 4.5 10.5-10.5',
  share: 'M12 4v11M7.5 8.5L12 4l4.5 4.5M5 13v6h14v-6',
};

function Tool({
  icon,
  label,
  text,
  pressed,
  badge,
  onClick,
}: {
  icon: keyof typeof icons;
  label: string;
  text?: string;
  pressed?: boolean;
  badge?: ReactNode;
  onClick: () => void;
}) {
  return (
    <button type="button" className={`reader-tool${pressed ? ' is-on' : ''}`} aria-label={label} aria-pressed={pressed} onClick={onClick}>
      <span className="reader-tool-icon">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            d={icons[icon]}
            fill={pressed && icon === 'star' ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {badge}
      </span>
      <span className="reader-tool-text" aria-hidden="true">
        {text ?? label}
      </span>
    </button>
  );
}

/** The reading progress bar at the top and the tools bar at the bottom (hidden while reading on). */
export function ReaderChrome(props: ReaderToolbarProps) {
  const { fraction, goingDown } = useScrollFraction();
  const percent = Math.round(fraction * 100);
  return (
    <>
      <div
        className="reading-progress"
        role="progressbar"
        aria-label="阅读进度"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="reading-progress-bar" style={{ transform: `scaleX(${fraction})` }} />
      </div>
      <nav className={`reader-toolbar${goingDown ? ' is-tucked' : ''}`} aria-label="阅读工具">
        <Tool icon="up" label="上一页" onClick={() => step('up')} />
        <Tool icon="down" label="下一页" onClick={() => step('down')} />
        <Tool
          icon="notes"
          label="笔记"
          onClick={props.onNotes}
          badge={props.noteCount > 0 ? <span className="reader-tool-badge">{props.noteCount > 99 ? '99+' : props.noteCount}</span> : null}
        />
        <Tool icon="star" label="收藏" text={props.starred ? '已收藏' : '收藏'} pressed={props.starred} onClick={props.onStar} />
        <Tool icon="check" label="读完了" text={props.finished ? '已读完' : '读完了'} pressed={props.finished} onClick={props.onFinish} />
        <Tool icon="share" label="分享" onClick={props.onShare} />
      </nav>
    </>
  );
}
