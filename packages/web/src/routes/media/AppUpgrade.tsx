import { useAppVersion } from '../../api/media.queries';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { isInApp, openInBrowser } from '../../lib/native-bridge';
import '../../styles/media.css';

const platformNames: Record<string, string> = { android: 'Android', ios: 'iOS', harmony: '鸿蒙' };

/** /app_upgrade: the newest app for the caller's platform (from the client-info string), its notes and download link. */
export function AppUpgrade() {
  const info = useAppVersion();
  const open = (url: string) => (event: React.MouseEvent) => {
    if (!isInApp()) return;
    event.preventDefault();
    void openInBrowser(url);
  };
  return (
    <div className="page">
      <PageHeader title="版本更新" back />
      <div className="poster-screen">
        {info.isPending ? (
          <Spinner label="正在检查版本" />
        ) : info.error ? (
          <LoadFailed title="无法检查版本" message={info.error.msg} onRetry={() => void info.refetch()} />
        ) : (
          <>
            {info.data.current && (
              <p>
                当前版本：{info.data.current.version}
                {info.data.has_update ? '，有新版本可以更新' : '，已是最新版本'}
              </p>
            )}
            {(info.data.latest ? [info.data.latest] : info.data.all).map((v) => (
              <section key={v.platform} className="upgrade-card" aria-label={`${platformNames[v.platform]} 最新版本`}>
                <h2>
                  {platformNames[v.platform]} {v.version}
                  {v.force && <span className="chip">需要更新</span>}
                </h2>
                <p className="upgrade-notes">{v.notes || '暂无更新说明'}</p>
                <a className="button button-primary" href={v.url} onClick={open(v.url)} rel="noreferrer" target="_blank">
                  下载 {v.version}
                </a>
              </section>
            ))}
            {!info.data.latest && info.data.all.length === 0 && <p>还没有发布的应用版本。</p>}
          </>
        )}
      </div>
    </div>
  );
}
