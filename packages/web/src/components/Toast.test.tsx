import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ToastHost } from './Toast';
import { showToast, toast } from '../lib/toast';

function setup() {
  render(<ToastHost />);
}

const shown = () => screen.queryByRole('status')?.textContent ?? null;

describe('Toast', () => {
  it('the default helper shows a message at the bottom for 2000 ms, then plays a 150 ms dismiss animation', async () => {
    vi.useFakeTimers();
    setup();
    act(() => void toast('已复制'));
    expect(shown()).toBe('已复制');
    expect(document.querySelector('.toast-bottom')).not.toBeNull();

    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(document.querySelector('.toast-leaving')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(document.querySelector('.toast-leaving')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(149);
    });
    expect(shown()).toBe('已复制');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(shown()).toBeNull();
  });

  it('pauses while hovered and resumes with the time that was left', () => {
    vi.useFakeTimers();
    setup();
    act(() => void showToast({ message: '悬停', duration: 1000 }));
    act(() => {
      vi.advanceTimersByTime(600);
    });
    fireEvent.mouseEnter(screen.getByText('悬停'));
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(document.querySelector('.toast-leaving')).toBeNull();
    fireEvent.mouseLeave(screen.getByText('悬停'));
    act(() => {
      vi.advanceTimersByTime(399);
    });
    expect(document.querySelector('.toast-leaving')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(document.querySelector('.toast-leaving')).not.toBeNull();
  });

  it('is dismissed by a click when dismissible', () => {
    vi.useFakeTimers();
    setup();
    act(() => void showToast({ message: '点我关闭', duration: 10_000, dismissible: true }));
    fireEvent.click(screen.getByText('点我关闭'));
    act(() => {
      vi.advanceTimersByTime(150);
    });
    expect(shown()).toBeNull();
  });

  it('ignores clicks when not dismissible', () => {
    vi.useFakeTimers();
    setup();
    act(() => void showToast({ message: '不可关闭', duration: 10_000, dismissible: false }));
    fireEvent.click(screen.getByText('不可关闭'));
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(shown()).toBe('不可关闭');
  });

  it('queues: the next toast retries every 250 ms and shows once the current one is gone', () => {
    vi.useFakeTimers();
    setup();
    act(() => {
      showToast({ message: '第一条', duration: 1000 });
      showToast({ message: '第二条', duration: 1000 });
    });
    expect(shown()).toBe('第一条');
    // First leaves at 1000 ms, is removed at 1150 ms; the retry ticking every 250 ms
    // finds the slot free at 1250 ms.
    act(() => {
      vi.advanceTimersByTime(1150);
    });
    expect(shown()).toBeNull();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(shown()).toBe('第二条');
  });
});
