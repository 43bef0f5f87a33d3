import type { Output } from '../../api/client';
import { useMyMemberLog } from '../../api/membership.queries';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { RequireLogin } from '../../components/RequireLogin';
import { Spinner } from '../../components/Spinner';
import { formatDate, formatDateTime } from '../../lib/format';
import '../../styles/membership.css';

type Log = Output<'member.myLog'>['list'][number];
const ACTIONS: Record<Log['action'], string> = { open: '开通', renew: '续期', close: '关闭' };
const SOURCES: Record<Log['source'], string> = { manager: '管理员', order: '购买', trial: '试用', award: '奖励' };

/** One member log row: what changed, by whom, expiry before → after. */
export function LogItem({ log }: { log: Log }) {
  return (
    <li className="card row-card">
      <div className="row-card-main">
        <strong>
          {ACTIONS[log.action]}
          {log.days > 0 && ` ${log.days} 天`} · {SOURCES[log.source]}
          {log.operator_name && `（${log.operator_name}）`}
        </strong>
        <span className="row-card-sub">
          到期 {log.expires_before ? formatDate(log.expires_before) : '—'} → {log.expires_after ? formatDate(log.expires_after) : '—'}
          {log.remark && ` · ${log.remark}`}
        </span>
      </div>
      <span className="row-card-sub row-card-time">{formatDateTime(log.created_at)}</span>
    </li>
  );
}

export function MemberLog() {
  return (
    <RequireLogin>
      <MemberLogScreen />
    </RequireLogin>
  );
}

function MemberLogScreen() {
  const log = useMyMemberLog();
  const rows = log.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="page">
      <PageHeader title="会员记录" back />
      {log.isPending ? (
        <Spinner />
      ) : log.error ? (
        <LoadFailed message={log.error.msg} onRetry={() => void log.refetch()} />
      ) : rows.length === 0 ? (
        <p className="empty">还没有会员记录</p>
      ) : (
        <ul className="plain-list">
          {rows.map((l) => (
            <LogItem key={l.id} log={l} />
          ))}
        </ul>
      )}
      {log.hasNextPage && (
        <button type="button" className="button button-ghost button-block" onClick={() => void log.fetchNextPage()}>
          加载更多
        </button>
      )}
    </div>
  );
}
