import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { OutboxWrite } from './outbox';
import '../styles/offline.css';

/**
 * How many writes made offline wait to be sent, and which the server refused and why. When the
 * last waiting write has gone, every view is fetched again (the kept answers were older).
 */
export function OutboxStatus() {
  const queryClient = useQueryClient();
  const [writes, setWrites] = useState<OutboxWrite[]>([]);
  const [open, setOpen] = useState(false);
  const waitingBefore = useRef(0);

  useEffect(() => {
    if (typeof indexedDB === 'undefined') return;
    let stop = () => {};
    let live = true;
    void import('./outbox').then((outbox) => {
      const read = () =>
        void outbox
          .outboxWrites()
          .then((list) => live && setWrites(list))
          .catch(() => {});
      read();
      if (live) stop = outbox.watchOutbox(read);
    });
    return () => {
      live = false;
      stop();
    };
  }, []);

  const waiting = writes.filter((w) => w.state === 'waiting');
  const failed = writes.filter((w) => w.state === 'failed');
  useEffect(() => {
    if (waitingBefore.current > 0 && waiting.length === 0) void queryClient.invalidateQueries();
    waitingBefore.current = waiting.length;
  }, [waiting.length, queryClient]);

  if (waiting.length === 0 && failed.length === 0) return null;
  const retry = waiting.find((w) => w.error);
  return (
    <div className="outbox-status" role="status">
      <button type="button" className="outbox-summary" aria-expanded={open} onClick={() => setOpen(!open)}>
        {waiting.length > 0 && <span>{waiting.length} 条修改等待联网后发送</span>}
        {failed.length > 0 && <span className="outbox-failed-count">{failed.length} 条未能保存</span>}
      </button>
      {open && (
        <div className="outbox-details">
          {retry && <p className="outbox-note">上次发送：{retry.error}</p>}
          <ul>
            {waiting.map((w) => (
              <li key={w.seq}>{w.label}</li>
            ))}
            {failed.map((w) => (
              <li key={w.seq} className="outbox-failed">
                {w.label}：{w.error}
              </li>
            ))}
          </ul>
          {failed.length > 0 && (
            <button
              type="button"
              className="button button-ghost button-small"
              onClick={() => void import('./outbox').then((outbox) => outbox.dismissFailed())}
            >
              知道了
            </button>
          )}
        </div>
      )}
    </div>
  );
}
