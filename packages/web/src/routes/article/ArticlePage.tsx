import { useState } from 'react';
import { useParams } from 'react-router';
import { Codes } from '@changdu/contract';
import { useArticle } from '../../api/articles.queries';
import { ErrorView } from '../../components/ErrorView';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { toast } from '../../lib/toast';
import { useIsLoggedIn } from '../../lib/session';
import { OfflineMark } from '../../offline/OfflineMark';
import { useOfflineKeep } from '../../offline/useOfflineKeep';
import { AudioPlayer } from './AudioPlayer';
import { MediaSheet } from './MediaSheet';
import { Reader } from './Reader';
import { ReaderSettings } from '../../features/reader/ReaderSettings';
import { useBilingual } from '../../features/reader/useBilingual';
import { fontSteps, useFontStep, useLevelChoice, useStatusMarks } from '../../features/reader/useReaderPrefs';
import '../../styles/reading-tools.css';
import '../../styles/reading-sheets.css';

/**
 * The reading page: the article with its reading tools (see Reader), the 双语 switch and
 * the reading settings (text size, theme, level words) in the top bar. It keeps the scroll
 * position the browser gives it (the shell skips its scroll-to-top here).
 */
export function ArticlePage() {
  const { id } = useParams();
  const articleId = Number(id);
  const article = useArticle(articleId);
  const [bilingual, setBilingual] = useBilingual();
  const [fontStep, setFontStep] = useFontStep();
  const [level, setLevel] = useLevelChoice();
  const [statusMarks, setStatusMarks] = useStatusMarks();
  const loggedIn = useIsLoggedIn();
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Imported articles may have no Chinese yet: then 双语 explains instead of silently doing nothing.
  const hasTranslation =
    !!article.data && (!!article.data.title_zh || !!article.data.summary_zh || article.data.paragraphs.some((p) => !!p.zh));
  const [mediaOpen, setMediaOpen] = useState(false);
  const [listening, setListening] = useState(false);
  const keptOffline = useOfflineKeep(articleId, !!article.data, loggedIn);

  const actions = (
    <div className="reader-actions">
      <button
        type="button"
        className={`toggle-chip${bilingual && hasTranslation ? ' is-on' : ''}${hasTranslation ? '' : ' is-unavailable'}`}
        aria-pressed={bilingual && hasTranslation}
        aria-describedby={hasTranslation ? undefined : 'no-translation'}
        onClick={() => (hasTranslation ? setBilingual(!bilingual) : toast('这篇文章还没有译文'))}
      >
        双语
      </button>
      <button type="button" className="icon-button" aria-label="听、下载与分享" onClick={() => setMediaOpen(true)}>
        <span aria-hidden="true">♪</span>
      </button>
      <button type="button" className="icon-button reader-settings-button" aria-label="阅读设置" onClick={() => setSettingsOpen(true)}>
        <span aria-hidden="true">Aa</span>
      </button>
      {!hasTranslation && (
        <span id="no-translation" hidden>
          这篇文章还没有译文
        </span>
      )}
    </div>
  );

  if (!Number.isInteger(articleId) || articleId <= 0 || article.error?.code === Codes.NOT_FOUND) {
    return <ErrorView status={404} />;
  }
  return (
    <div className="page page-reading" data-offline={keptOffline ? 'ready' : undefined}>
      <PageHeader
        title={article.data?.source ?? '外刊精读'}
        titleAs="p"
        documentTitle={article.data?.title ?? '文章'}
        back
        actions={article.data ? actions : undefined}
      />
      {article.isPending ? (
        <Spinner label="文章加载中" />
      ) : article.error ? (
        <LoadFailed title="文章加载失败" message={article.error.msg} onRetry={() => void article.refetch()} />
      ) : (
        <Reader
          article={article.data}
          bilingual={bilingual}
          fontScale={fontSteps[fontStep].value}
          level={level}
          statusMarks={statusMarks}
        />
      )}
      <OfflineMark ready={keptOffline} />
      {article.data && listening && (
        <AudioPlayer articleId={articleId} paragraphs={article.data.paragraphs} onClose={() => setListening(false)} />
      )}
      <MediaSheet articleId={articleId} open={mediaOpen} onClose={() => setMediaOpen(false)} onListen={() => setListening(true)} />
      <ReaderSettings
        open={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        fontStep={fontStep}
        onFontStep={setFontStep}
        level={level}
        onLevel={setLevel}
        statusMarks={loggedIn ? { on: statusMarks, set: setStatusMarks } : undefined}
      />
    </div>
  );
}
