import { usePageTitle } from '../hooks/usePageTitle';

/**
 * The error page (spec §2, §8): status 404 shows "Page Not Found"; any other status
 * shows the message, by default "Internal Server Error"; the English titles have a Chinese line under them. Links are plain anchors so
 * that leaving an error page also resets whatever state led to it.
 */
export interface ErrorViewProps {
  status: number;
  message?: string;
}

export const NOT_FOUND_TEXT = 'Page Not Found';
export const SERVER_ERROR_TEXT = 'Internal Server Error';

export function ErrorView({ status, message }: ErrorViewProps) {
  const notFound = status === 404;
  // The specification's English titles stay; a Chinese line beside them says the same to a learner.
  const english = notFound || !message;
  usePageTitle(notFound ? '页面不存在' : '出错了');
  return (
    <section className="error-view" data-status={status}>
      <p className="error-code" aria-hidden="true">
        {status}
      </p>
      <h1 className="error-title" lang={english ? 'en' : undefined}>
        {notFound ? NOT_FOUND_TEXT : message || SERVER_ERROR_TEXT}
      </h1>
      {english && <p className="error-title-zh">{notFound ? '页面不存在' : '服务器出错了'}</p>}
      <p className="error-text">{notFound ? '你访问的页面不存在，可能已被移动或删除。' : '页面出了点问题，请稍后再试。'}</p>
      <div className="error-actions">
        <a className="button button-primary" href="/">
          返回首页
        </a>
        {!notFound && (
          <button type="button" className="button button-ghost" onClick={() => window.location.reload()}>
            重新加载
          </button>
        )}
      </div>
    </section>
  );
}
