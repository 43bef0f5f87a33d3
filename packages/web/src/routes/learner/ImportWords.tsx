import { useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { Codes, LEARNER_WORDS_MAX } from '@changdu/contract';
import { ApiError, errorMessage } from '../../api/client';
import { useMarkWords } from '../../api/learner.queries';
import { PageHeader } from '../../components/PageHeader';
import { RequireLogin } from '../../components/RequireLogin';
import { parseWordList, type WordList } from './word-list';
import '../../styles/learner.css';

/** The largest list read: a word list is a few hundred KB at most; anything bigger is another kind of file. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

type Status = 'known' | 'ignored';

interface Outcome {
  changed: number;
  /** Batches in which the dictionary knew none of the words. */
  unknownBatches: number;
  failed: string | null;
}

/** 导入词表 (`/learner/import`): a text file or an Anki export, one word per line, marked known (or ignored). */
export function ImportWords() {
  return (
    <RequireLogin>
      <ImportScreen />
    </RequireLogin>
  );
}

function ImportScreen() {
  const mark = useMarkWords();
  const [source, setSource] = useState('');
  const [list, setList] = useState<WordList | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>('known');
  const [sent, setSent] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const busy = sent !== null && outcome === null;

  const read = (text: string, name: string) => {
    setSource(name);
    setList(parseWordList(text));
    setOutcome(null);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    setFileError(null);
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setList(null);
      setFileError('文件太大了：词表文件请不要超过 5 MB');
      return;
    }
    read(await file.text(), file.name);
  };

  const send = async () => {
    if (!list || list.words.length === 0) return;
    const result: Outcome = { changed: 0, unknownBatches: 0, failed: null };
    setSent(0);
    setOutcome(null);
    // In order, one batch at a time: the server takes at most LEARNER_WORDS_MAX words a call.
    for (let at = 0; at < list.words.length; at += LEARNER_WORDS_MAX) {
      const words = list.words.slice(at, at + LEARNER_WORDS_MAX);
      try {
        result.changed += (await mark.mutateAsync({ words, status })).changed;
      } catch (error) {
        // A batch of words none of which the dictionary has is not a failure of the import.
        if (error instanceof ApiError && error.code === Codes.INVALID && error.msg.startsWith('词典里没有找到')) result.unknownBatches += 1;
        else {
          result.failed = errorMessage(error);
          break;
        }
      }
      setSent(Math.min(at + words.length, list.words.length));
    }
    setOutcome(result);
  };

  const label = status === 'known' ? '认识' : '忽略';
  return (
    <div className="page">
      <PageHeader title="导入词表" back />
      <section className="card import-card">
        <p>
          把你已经认识的词一次标好：选一个文本文件（每行一个词），或 Anki 导出的“纯文本笔记”（每行第一栏是单词）。
          词形会归到词头（walked → walk），词典里没有的词会跳过。
        </p>
        <label className="import-file">
          <span className="button button-secondary">选择文件</span>
          <input type="file" aria-label="选择词表文件" accept=".txt,.csv,.tsv,text/plain,text/csv" onChange={(e) => void onFile(e)} disabled={busy} />
          <span className="import-file-name">{source || '未选择文件'}</span>
        </label>
        {fileError && (
          <p className="form-error" role="alert">
            {fileError}
          </p>
        )}
        <label className="import-paste">
          <span className="settings-label">或者粘贴词表</span>
          <textarea
            rows={5}
            lang="en"
            placeholder={'negotiate\norchard\nharbour'}
            disabled={busy}
            onChange={(e) => (e.currentTarget.value.trim() ? read(e.currentTarget.value, '粘贴的词表') : setList(null))}
          />
        </label>
        <fieldset className="import-status">
          <legend className="settings-label">标记为</legend>
          {(['known', 'ignored'] as const).map((value) => (
            <label key={value} className="settings-switch">
              <input type="radio" name="import-status" checked={status === value} onChange={() => setStatus(value)} disabled={busy} />
              <span>{value === 'known' ? '认识（不再计为生词）' : '忽略（人名、专有名词等，不计入占比）'}</span>
            </label>
          ))}
        </fieldset>
        {list && (
          <p className="import-summary" role="status">
            识别出 {list.words.length.toLocaleString('zh-CN')} 个单词
            {list.skipped > 0 && `，跳过 ${list.skipped} 行（不是单个英文单词，如：${list.skippedExamples.join('、')}）`}
          </p>
        )}
        <button
          type="button"
          className="button button-primary button-block"
          disabled={!list || list.words.length === 0 || busy}
          onClick={() => void send()}
        >
          {busy ? `正在导入 ${sent?.toLocaleString('zh-CN')} / ${list?.words.length.toLocaleString('zh-CN')}` : `导入并标为${label}`}
        </button>
        {outcome && (
          <div className="import-result" role="status">
            {outcome.failed ? (
              <p className="form-error">
                导入到第 {sent?.toLocaleString('zh-CN')} 个词时出错：{outcome.failed}。已导入的部分保留，可以重新导入整个文件（重复的词不会重复计算）。
              </p>
            ) : (
              <p>
                导入完成：新标记 {outcome.changed.toLocaleString('zh-CN')} 个词为{label}
                {outcome.changed < (list?.words.length ?? 0) && '（其余的词之前已经标过，或词典里没有）'}。
              </p>
            )}
            <Link to="/Mine" className="button button-secondary">
              看我的词汇
            </Link>
          </div>
        )}
      </section>
    </div>
  );
}
