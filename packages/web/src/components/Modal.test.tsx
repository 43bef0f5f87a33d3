import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Modal, modalZIndex, swipeCloses } from './Modal';

function openModal(onClose = vi.fn()) {
  render(
    <Modal open onClose={onClose} title="单词详情">
      <p>内容</p>
    </Modal>,
  );
  return onClose;
}

function panelOfHeight(height: number): HTMLElement {
  const panel = screen.getByRole('dialog');
  panel.getBoundingClientRect = () => ({ height, width: 390, top: 0, left: 0, right: 390, bottom: height, x: 0, y: 0, toJSON: () => ({}) });
  return panel;
}

function swipe(panel: HTMLElement, from: number, to: number) {
  fireEvent.touchStart(panel, { touches: [{ clientY: from }] });
  fireEvent.touchMove(panel, { touches: [{ clientY: to }] });
  return () => fireEvent.touchEnd(panel, { changedTouches: [{ clientY: to }] });
}

describe('Modal', () => {
  it('renders a labelled dialog', () => {
    openModal();
    expect(screen.getByRole('dialog', { name: '单词详情' })).toBeTruthy();
  });

  it('closes on Escape', () => {
    const onClose = openModal();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on a click outside the panel, not on a click inside it', () => {
    const onClose = openModal();
    fireEvent.mouseDown(screen.getByText('内容'));
    fireEvent.click(screen.getByText('内容'));
    expect(onClose).not.toHaveBeenCalled();
    const layer = screen.getByTestId('modal-layer');
    fireEvent.mouseDown(layer);
    fireEvent.click(layer);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on a slow downward swipe of at least 10% of its height', () => {
    vi.useFakeTimers();
    const onClose = openModal();
    const panel = panelOfHeight(500);
    const end = swipe(panel, 100, 150); // 50 px = 10% of 500
    vi.advanceTimersByTime(800);
    end();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stays open after a slow swipe shorter than 10% of its height', () => {
    vi.useFakeTimers();
    const onClose = openModal();
    const panel = panelOfHeight(500);
    const end = swipe(panel, 100, 140); // 40 px < 50 px
    vi.advanceTimersByTime(800);
    end();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on a quick downward flick finished within 300 ms, however short', () => {
    vi.useFakeTimers();
    const onClose = openModal();
    const panel = panelOfHeight(800);
    const end = swipe(panel, 100, 130); // 30 px, far below 10% of 800
    vi.advanceTimersByTime(300);
    end();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('ignores an upward swipe and a tap', () => {
    expect(swipeCloses(-80, 100, 500)).toBe(false);
    expect(swipeCloses(0, 50, 500)).toBe(false);
    expect(swipeCloses(50, 1000, 500)).toBe(true);
    expect(swipeCloses(20, 300, 500)).toBe(true);
    expect(swipeCloses(20, 301, 500)).toBe(false);
  });

  it('stacks nested modals at 1000 + 2 × index and Escape closes only the top one', () => {
    const closed: string[] = [];
    function Nested() {
      const [inner, setInner] = useState(true);
      return (
        <Modal open onClose={() => closed.push('outer')} title="外层">
          <Modal
            open={inner}
            onClose={() => {
              closed.push('inner');
              setInner(false);
            }}
            title="内层"
          >
            <p>内层内容</p>
          </Modal>
        </Modal>
      );
    }
    render(<Nested />);
    const layers = screen.getAllByTestId('modal-layer');
    const zs = layers.map((layer) => Number(layer.style.zIndex)).sort();
    expect(zs).toEqual([modalZIndex(0) + 1, modalZIndex(1) + 1]);
    expect(modalZIndex(0)).toBe(1000);
    expect(modalZIndex(1)).toBe(1002);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(closed).toEqual(['inner']);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(closed).toEqual(['inner', 'outer']);
  });

  it('takes focus when it opens, keeps Tab inside, and gives focus back to its opener when it closes', async () => {
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            打开
          </button>
          <a href="/next">页面上的链接</a>
          <Modal open={open} onClose={() => setOpen(false)} title="设置">
            <input aria-label="名字" />
            <button type="button">保存</button>
          </Modal>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Page />);
    const opener = screen.getByRole('button', { name: '打开' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: '设置' });
    expect(document.activeElement).toBe(dialog);

    // Forward: close button, field, save, then round to the close button, never the page behind.
    const order: (string | null)[] = [];
    for (let i = 0; i < 4; i++) {
      await user.tab();
      order.push(document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? null);
    }
    expect(order).toEqual(['关闭', '名字', '保存', '关闭']);
    // Back from the first control goes to the last.
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '保存' }));
    // Focus pushed outside comes back.
    screen.getByRole('link', { name: '页面上的链接' }).focus();
    expect(dialog.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('renders nothing while closed', () => {
    render(
      <Modal open={false} onClose={() => {}} title="隐藏">
        x
      </Modal>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
