import { useState } from 'react';
import { Link } from 'react-router';
import { pdfStyleLabels, pdfStyles, type PdfStyle } from '@changdu/contract';
import { endpointUrl } from '../../api/client';
import { usePdfPrepare } from '../../api/media.queries';
import { Modal } from '../../components/Modal';
import { TaskProgress } from '../../components/TaskProgress';
import { useIsLoggedIn } from '../../lib/session';
import '../../styles/media.css';

/** PDF download in a chosen style: prepared as a job on first request, then a plain download link. */
function PdfDownload({ articleId, style }: { articleId: number; style: PdfStyle }) {
  const prepare = usePdfPrepare(articleId, style, true);
  const [done, setDone] = useState(false);
  const href = endpointUrl('article.pdf', { id: articleId, style });
  if (prepare.error) return <p role="alert">{prepare.error.msg}</p>;
  if (!prepare.data) return <p>正在准备 PDF…</p>;
  const ready = prepare.data.ready || done;
  return (
    <div className="media-download">
      {prepare.data.task_id !== null && !prepare.data.ready && (
        <TaskProgress taskId={prepare.data.task_id} label="生成 PDF" onFinish={(task) => setDone(task.status === 'done')} />
      )}
      {ready && (
        <a className="button button-primary" href={href} download>
          下载 PDF（{pdfStyleLabels[style]}）
        </a>
      )}
    </div>
  );
}

/** The article's media: read aloud, PDF in three styles, the share card. */
export function MediaSheet({
  articleId,
  open,
  onClose,
  onListen,
}: {
  articleId: number;
  open: boolean;
  onClose: () => void;
  onListen: () => void;
}) {
  const loggedIn = useIsLoggedIn();
  const [style, setStyle] = useState<PdfStyle | null>(null);
  return (
    <Modal open={open} onClose={onClose} title="听 · 下载 · 分享">
      <div className="media-sheet">
        <h3>朗读</h3>
        <div className="media-row">
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              onListen();
              onClose();
            }}
          >
            逐句朗读
          </button>
        </div>
        <h3>PDF</h3>
        {loggedIn ? (
          <>
            <div className="media-row" role="group" aria-label="PDF 样式">
              {pdfStyles.map((s) => (
                <button
                  key={s}
                  type="button"
                  className={`toggle-chip${style === s ? ' is-on' : ''}`}
                  aria-pressed={style === s}
                  onClick={() => setStyle(s)}
                >
                  {pdfStyleLabels[s]}
                </button>
              ))}
            </div>
            {style && <PdfDownload key={style} articleId={articleId} style={style} />}
          </>
        ) : (
          <p>
            <Link to="/Login">登录</Link>后可以下载 PDF
          </p>
        )}
        <h3>分享</h3>
        <div className="media-row">
          <Link className="button button-secondary" to={`/article/${articleId}/poster3`} onClick={onClose}>
            生成分享卡片
          </Link>
        </div>
      </div>
    </Modal>
  );
}
