import { useState, type FormEvent } from 'react';
import { codeTypeLabels, codeTypes } from '@changdu/contract';
import { useCodes, useGenerateCodes } from '../../api/membership.queries';
import { Field, FormError, SubmitButton } from '../../components/Field';
import { Spinner } from '../../components/Spinner';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import '../../styles/membership.css';

type Generated = 'register' | 'member' | 'trial';

/** 邀请码: generate one-use codes, list every code with who used it, export CSV. */
export function Codes() {
  const [filter, setFilter] = useState<(typeof codeTypes)[number] | ''>('');
  const codes = useCodes(filter || undefined);
  const generate = useGenerateCodes();
  const [ctype, setCtype] = useState<Generated>('member');
  const [remark, setRemark] = useState('');
  const [days, setDays] = useState('30');
  const [count, setCount] = useState('1');
  const rows = codes.data?.pages.flatMap((p) => p.list) ?? [];
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    generate.mutate(
      { ctype, remark, count: Number(count) || 1, ...(ctype === 'register' ? {} : { days: Number(days) || 1 }) },
      { onSuccess: (r) => toast(`已生成 ${r.list.length} 个邀请码`) },
    );
  };
  const exportHref = `/api/code/invitation/export${filter ? `?ctype=${filter}` : ''}`;
  return (
    <div className="admin-panel">
      <form className="form card pay-box" onSubmit={onSubmit} noValidate aria-label="生成邀请码">
        <label className="field">
          <span className="field-label">类型</span>
          <select className="input select" value={ctype} onChange={(e) => setCtype(e.target.value as Generated)}>
            {(['member', 'trial', 'register'] as const).map((c) => (
              <option key={c} value={c}>
                {codeTypeLabels[c]}
              </option>
            ))}
          </select>
        </label>
        {ctype !== 'register' && (
          <Field label="会员天数" name="days" inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} />
        )}
        <Field label="数量（1–100）" name="count" inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value)} />
        <Field label="备注" name="remark" value={remark} maxLength={200} onChange={(e) => setRemark(e.target.value)} />
        <FormError message={generate.error?.msg ?? null} />
        <SubmitButton pending={generate.isPending}>生成</SubmitButton>
      </form>
      <div className="filter-row section">
        <label className="field">
          <span className="field-label">筛选</span>
          <select
            className="input select"
            value={filter}
            onChange={(e) => setFilter(e.target.value as (typeof codeTypes)[number] | '')}
            aria-label="邀请码类型"
          >
            <option value="">全部类型</option>
            {codeTypes.map((c) => (
              <option key={c} value={c}>
                {codeTypeLabels[c]}
              </option>
            ))}
          </select>
        </label>
        <a className="button button-secondary" href={exportHref} download>
          导出 CSV
        </a>
      </div>
      {codes.isPending ? (
        <Spinner />
      ) : codes.error ? (
        <FormError message={codes.error.msg} />
      ) : rows.length === 0 ? (
        <p className="empty">还没有邀请码</p>
      ) : (
        <ul className="plain-list" aria-label="邀请码">
          {rows.map((c) => (
            <li key={c.id} className="card row-card">
              <div className="row-card-main">
                <strong className="mono">{c.code}</strong>
                <span className="row-card-sub">
                  {codeTypeLabels[c.ctype]}
                  {c.days > 0 && ` · ${c.days} 天`}
                  {c.remark && ` · ${c.remark}`} · {formatDateTime(c.created_at)}
                </span>
                <span className="row-card-sub">
                  {c.used_by.length === 0 ? '未使用' : `使用者：${c.used_by.map((u) => `${u.username}（ID ${u.user_id}）`).join('、')}`}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {codes.hasNextPage && (
        <button type="button" className="button button-ghost button-block" onClick={() => void codes.fetchNextPage()}>
          加载更多
        </button>
      )}
    </div>
  );
}
