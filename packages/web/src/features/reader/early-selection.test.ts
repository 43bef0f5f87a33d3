import { afterEach, describe, expect, it, vi } from 'vitest';

const DRAWN =
  '<p class="para" data-pid="p1" lang="en">The council <a href="/x">approved</a> a budget.</p>' +
  '<p class="para" data-pid="p2" lang="en">Critics argued about road repairs.</p>';

async function freshModule() {
  vi.resetModules();
  return import('./early-selection');
}

function select(from: [Node, number], to: [Node, number]) {
  const range = document.createRange();
  range.setStart(...from);
  range.setEnd(...to);
  window.getSelection()!.removeAllRanges();
  window.getSelection()!.addRange(range);
}

afterEach(() => {
  window.getSelection()?.removeAllRanges();
  document.body.innerHTML = '';
});

describe('a selection made on the server-drawn article before the app started', () => {
  it('is put back on the same characters of the text the app draws in its place', async () => {
    const { restoreEarlySelection, takeEarlySelection } = await freshModule();
    document.body.innerHTML = `<div id="root" data-drawn="12">${DRAWN}</div>`;
    const link = document.querySelector('a')!.firstChild!;
    const second = document.querySelector('[data-pid="p2"]')!.firstChild!;
    // From inside the link ("roved") to "Critics argued" in the next paragraph.
    select([link, 3], [second, 14]);
    const kept = takeEarlySelection();
    expect(kept).toEqual({ startPid: 'p1', start: 15, endPid: 'p2', end: 14 });
    // Asked again before it is put back (the reader's first render, twice under StrictMode): the same.
    window.getSelection()!.removeAllRanges();
    expect(takeEarlySelection()).toEqual(kept);

    // The app's first commit replaces the drawn nodes (the selection goes with them).
    const root = document.getElementById('root')!;
    root.innerHTML = `<div class="reader-body">${DRAWN}</div>`;
    expect(restoreEarlySelection(kept!, root)).toBe(true);
    expect(window.getSelection()!.toString()).toBe('roved a budget.Critics argued');
    // Put back once: a reader mounted later (another article) finds nothing kept.
    expect(takeEarlySelection()).toBeNull();
  });

  it('keeps nothing when the page was not drawn by the server or nothing is selected', async () => {
    const first = await freshModule();
    document.body.innerHTML = `<div id="root">${DRAWN}</div>`;
    select([document.querySelector('[data-pid="p2"]')!.firstChild!, 0], [document.querySelector('[data-pid="p2"]')!.firstChild!, 7]);
    expect(first.takeEarlySelection()).toBeNull();

    const second = await freshModule();
    document.body.innerHTML = `<div id="root" data-drawn="12">${DRAWN}</div>`;
    window.getSelection()!.removeAllRanges();
    expect(second.takeEarlySelection()).toBeNull();
  });

  it('is not put back where the app drew other text', async () => {
    const { restoreEarlySelection } = await freshModule();
    document.body.innerHTML = `<div id="root" data-drawn="12"><p data-pid="p9">Other words.</p></div>`;
    expect(restoreEarlySelection({ startPid: 'p1', start: 0, endPid: 'p1', end: 3 }, document.getElementById('root')!)).toBe(false);
  });
});
