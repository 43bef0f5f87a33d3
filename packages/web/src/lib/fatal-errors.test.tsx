import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { enterPage, getFatal, installFatalErrorHandlers, reportFatal } from './fatal-errors';
import { renderApp } from '../test/render-app';

describe('fatal errors outside React', () => {
  it('an uncaught error at the window is reported', () => {
    const report = vi.fn();
    const uninstall = installFatalErrorHandlers(report);
    const error = new Error('timer exploded');
    window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }));
    expect(report).toHaveBeenCalledWith(error);
    uninstall();
  });

  it('an unhandled promise rejection is reported', () => {
    const report = vi.fn();
    const uninstall = installFatalErrorHandlers(report);
    const event = Object.assign(new Event('unhandledrejection'), { reason: new Error('nobody awaited me') });
    window.dispatchEvent(event);
    expect(report).toHaveBeenCalledWith(event.reason);
    uninstall();
  });

  it('browser noise (ResizeObserver, opaque cross-origin "Script error.") is not fatal', () => {
    const report = vi.fn();
    const uninstall = installFatalErrorHandlers(report);
    window.dispatchEvent(new ErrorEvent('error', { message: 'ResizeObserver loop completed with undelivered notifications.' }));
    window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    expect(report).not.toHaveBeenCalled();
    uninstall();
  });

  it('an error reported before the shell has named its first page stays on that page', () => {
    // The first page's effects run after its first paint; an error in between is that page's.
    const error = new Error('at start-up');
    reportFatal(error);
    enterPage('/About');
    expect(getFatal()).toBe(error);
    enterPage('/Mine');
    expect(getFatal()).toBeNull();
  });

  it('a reported fatal error puts the shell on the error page; navigating away clears it', async () => {
    const { router } = renderApp('/About');
    await screen.findByRole('heading', { name: '关于畅读' });
    act(() => reportFatal(new Error('boom')));
    expect(await screen.findByText('Internal Server Error')).toBeTruthy();
    await act(() => router.navigate('/Mine'));
    expect(await screen.findByRole('heading', { name: '我的' })).toBeTruthy();
    expect(screen.queryByText('Internal Server Error')).toBeNull();
  });
});
