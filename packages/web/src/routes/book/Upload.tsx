import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { uploadKinds, type UploadedFile } from '@changdu/contract';
import { call, errorMessage } from '../../api/client';
import { useImportBook } from '../../api/books.queries';
import { PageHeader } from '../../components/PageHeader';
import { RequireLogin } from '../../components/RequireLogin';
import { TaskProgress } from '../../components/TaskProgress';
import '../../styles/books.css';

const MAX_MB = Math.round(uploadKinds.epub.maxBytes / 1024 / 1024);

function parseEnvelope(text: string): { status?: { code: string; msg: string }; result?: UploadedFile } | null {
  try {
    return JSON.parse(text) as { status?: { code: string; msg: string }; result?: UploadedFile };
  } catch {
    return null;
  }
}

/** PUTs the file with progress; answers the server's `{link, digest}` (local storage) or null (a bucket answers nothing useful). */
function put(url: string, headers: Record<string, string>, file: File, onProgress: (p: number) => void): Promise<UploadedFile | null> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new Error('网络异常，上传失败，请重试'));
    xhr.onload = () => {
      const body = parseEnvelope(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body?.result ?? null);
      else reject(new Error(body?.status?.msg || `上传失败（HTTP ${xhr.status}）`));
    };
    xhr.send(file);
  });
}

/** 导入电子书: pick an EPUB (uploaded with a progress bar) or paste a web address; the import runs as a task. */
export function Upload() {
  return (
    <RequireLogin>
      <UploadScreen />
    </RequireLogin>
  );
}

function UploadScreen() {
  const navigate = useNavigate();
  const importBook = useImportBook();
  const fileRef = useRef<HTMLInputElement>(null);
  const [link, setLink] = useState('');
  const [uploaded, setUploaded] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [taskId, setTaskId] = useState<number | null>(null);
  const busy = uploaded !== null || importBook.isPending || taskId !== null;

  const start = (input: { link: string; digest?: string }) =>
    importBook.mutate(input, {
      onSuccess: (r) => {
        if (r.book_id !== null) void navigate(`/book/${r.book_id}/show`);
        else setTaskId(r.task_id);
      },
      onError: (e) => setError(errorMessage(e)),
    });

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setTaskId(null);
    if (!file.name.toLowerCase().endsWith('.epub')) return setError('请选择 .epub 格式的电子书');
    if (file.size > uploadKinds.epub.maxBytes) return setError(`文件太大，电子书最大 ${MAX_MB} MB`);
    const token = await call('auth.uploadToken', { key: file.name, size: file.size });
    if (!token.result) return setError(token.status.msg || '暂时无法上传，请稍后再试');
    setUploaded(0);
    try {
      const done = await put(token.result.upload_url, token.result.headers, file, setUploaded);
      setUploaded(null);
      start(done ? { link: done.link, digest: done.digest } : { link: token.result.link });
    } catch (e) {
      setUploaded(null);
      setError(e instanceof Error ? e.message : '上传失败，请重试');
    } finally {
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const onLink = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setTaskId(null);
    const value = link.trim();
    if (!/^https?:\/\/\S+$/i.test(value)) return setError('请输入以 http:// 或 https:// 开头的网址');
    start({ link: value });
  };

  return (
    <div className="page page-books">
      <PageHeader title="导入电子书" back />
      <section className="book-upload">
        <h2 className="section-title">从手机或电脑选择</h2>
        <p className="settings-hint">支持 EPUB 格式，最大 {MAX_MB} MB。导入后只有你能看到，书会出现在你的书架上。</p>
        <label className={`button button-primary book-upload-pick${busy ? ' is-disabled' : ''}`}>
          选择 EPUB 文件
          <input
            ref={fileRef}
            type="file"
            accept=".epub,application/epub+zip"
            disabled={busy}
            className="visually-hidden"
            data-testid="epub-file"
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </label>
        {uploaded !== null && (
          <div className="task" data-status="running">
            <div className="task-head">
              <span className="task-label">上传中</span>
              <span className="task-percent">{Math.round(uploaded * 100)}%</span>
            </div>
            <div
              className="task-bar"
              role="progressbar"
              aria-label="上传进度"
              aria-valuenow={Math.round(uploaded * 100)}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <span className="task-bar-fill" style={{ width: `${Math.round(uploaded * 100)}%` }} />
            </div>
          </div>
        )}
      </section>
      <section className="book-upload">
        <h2 className="section-title">或粘贴网址</h2>
        <form className="book-link-form" onSubmit={onLink}>
          <input
            className="input"
            type="url"
            inputMode="url"
            placeholder="https://…/book.epub"
            aria-label="电子书网址"
            value={link}
            onChange={(e) => setLink(e.target.value)}
            disabled={busy}
          />
          <button type="submit" className="button button-secondary" disabled={busy || !link.trim()}>
            导入
          </button>
        </form>
      </section>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {taskId !== null && (
        <TaskProgress
          taskId={taskId}
          label="导入电子书"
          linkLabel="打开这本书"
          onFinish={(task) => {
            if (task.status === 'failed') {
              setError(task.message ?? '导入失败');
              setTaskId(null);
            }
          }}
        />
      )}
    </div>
  );
}
