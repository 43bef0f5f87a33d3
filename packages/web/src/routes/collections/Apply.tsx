import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { creatorApplicationLabels } from '@changdu/contract';
import { useApplyCreator, useMyApplication } from '../../api/collections.queries';
import { FormError } from '../../components/Field';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { RequireLogin } from '../../components/RequireLogin';
import { Spinner } from '../../components/Spinner';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import '../../styles/collections.css';

/** `/changdu/apply`: apply to become a creator, and see where the application stands. */
export function Apply() {
  return (
    <RequireLogin>
      <ApplyScreen />
    </RequireLogin>
  );
}

function ApplyScreen() {
  const mine = useMyApplication();
  return (
    <div className="page page-narrow">
      <PageHeader title="申请成为创作者" back />
      <div className="card apply-intro">
        <p>创作者可以整理并公开文章合集，读者可以关注你，你的新合集会出现在他们的“我的关注”里。</p>
        <p className="muted">写下你想整理什么内容、为谁整理，管理员审核后会通知你结果。</p>
      </div>
      {mine.isPending ? (
        <Spinner />
      ) : mine.error ? (
        <LoadFailed message={mine.error.msg} onRetry={() => void mine.refetch()} />
      ) : mine.data.is_creator ? (
        <div className="card apply-status" role="status">
          <p className="apply-status-title">你已经是创作者了</p>
          <div className="apply-links">
            <Link to={`/collection/new`} className="button button-primary button-small">
              新建合集
            </Link>
          </div>
        </div>
      ) : mine.data.application?.status === 'pending' ? (
        <div className="card apply-status" role="status">
          <p className="apply-status-title">申请审核中</p>
          <p className="muted">提交于 {formatDateTime(mine.data.application.created_at)}，请耐心等待。</p>
          <blockquote className="apply-statement">{mine.data.application.statement}</blockquote>
        </div>
      ) : (
        <>
          {mine.data.application?.status === 'refused' && (
            <div className="notice notice-danger" role="status">
              上次申请{creatorApplicationLabels.refused}：{mine.data.application.reason}。修改后可以再次申请。
            </div>
          )}
          <ApplyForm />
        </>
      )}
    </div>
  );
}

function ApplyForm() {
  const apply = useApplyCreator();
  const [statement, setStatement] = useState('');
  const [bio, setBio] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply.mutate({ statement, bio }, { onSuccess: () => toast('申请已提交，审核结果会显示在这里') });
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      <label className="field">
        <span className="field-label">申请理由</span>
        <textarea
          className="textarea"
          rows={5}
          maxLength={1000}
          value={statement}
          onChange={(e) => setStatement(e.target.value)}
          placeholder="至少 10 个字：你想整理哪些内容，适合什么样的读者"
          required
        />
        <span className="field-hint">{statement.trim().length}/1000</span>
      </label>
      <label className="field">
        <span className="field-label">个人简介（可选，显示在你的主页）</span>
        <input className="input" value={bio} maxLength={200} onChange={(e) => setBio(e.target.value)} placeholder="一句话介绍自己" />
      </label>
      <FormError message={apply.error?.msg} />
      <button type="submit" className="button button-primary button-block" disabled={apply.isPending} aria-busy={apply.isPending}>
        提交申请
      </button>
    </form>
  );
}
