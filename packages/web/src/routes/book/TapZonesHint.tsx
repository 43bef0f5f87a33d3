import { useState } from 'react';
import { Modal } from '../../components/Modal';
import { TAP_PAGING_MAX_WIDTH } from './useBookTaps';

const SEEN_KEY = 'cd_book_tap_hint';

function seen(): boolean {
  try {
    return localStorage.getItem(SEEN_KEY) === '1';
  } catch {
    // Storage disabled: better shown again than never.
    return false;
  }
}

/**
 * The 翻页说明 hint: open by itself the first time a reader opens a book on a phone (where the
 * side zones page), remembered on this device once closed; open again from 阅读设置.
 */
export function useTapZonesHint(): { open: boolean; show: () => void; close: () => void } {
  const [open, setOpen] = useState(() => !seen() && window.innerWidth <= TAP_PAGING_MAX_WIDTH);
  return {
    open,
    show: () => setOpen(true),
    close: () => {
      setOpen(false);
      try {
        localStorage.setItem(SEEN_KEY, '1');
      } catch {
        // Storage disabled: the hint comes back with the next book.
      }
    },
  };
}

/** The three zones drawn across the sheet's width, which is the screen's on a phone, so they sit under the real ones. */
export function TapZonesHint({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="翻页说明" className="tap-zones-hint">
      <ul className="tap-zones" aria-label="点按区域">
        <li className="tap-zone tap-zone-side">
          <span className="tap-zone-name">左侧</span>
          <span className="visually-hidden">：</span>
          <span className="tap-zone-action">
            <span aria-hidden="true">‹ </span>上一页
          </span>
        </li>
        <li className="tap-zone tap-zone-middle">
          <span className="tap-zone-name">中间</span>
          <span className="visually-hidden">：</span>
          <span className="tap-zone-action">点词查义</span>
          <span className="tap-zone-note">点空白处隐藏或显示工具栏</span>
        </li>
        <li className="tap-zone tap-zone-side">
          <span className="tap-zone-name">右侧</span>
          <span className="visually-hidden">：</span>
          <span className="tap-zone-action">
            下一页<span aria-hidden="true"> ›</span>
          </span>
        </li>
      </ul>
      <p className="tap-zones-press">长按任意词也可查义，两侧的词也一样</p>
      <p className="settings-hint">键盘：← → 或 PageUp / PageDown 翻页；章末有“上一章”“下一章”按钮</p>
      <button type="button" className="button button-primary tap-zones-done" onClick={onClose}>
        知道了
      </button>
    </Modal>
  );
}
