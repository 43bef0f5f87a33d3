import { useState } from 'react';
import { rankCatLabels, rankCats } from '@changdu/contract';
import { useRankWeek, useReceiveRankAward } from '../../api/membership.queries';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { RequireLogin } from '../../components/RequireLogin';
import { Spinner } from '../../components/Spinner';
import { toast } from '../../lib/toast';
import '../../styles/membership.css';

const UNITS = { time: '分钟', finish: '篇', review: '词' } as const;

/** Today in China time, YYYY-MM-DD, shifted by whole weeks. */
function chinaDay(weeksBack: number): string {
  return new Date(Date.now() + 8 * 3_600_000 - weeksBack * 7 * 86_400_000).toISOString().slice(0, 10);
}

/** 阅读周榜: category tabs, this week and past weeks, my place, the award after the week. */
export function Rank() {
  return (
    <RequireLogin>
      <RankScreen />
    </RequireLogin>
  );
}

function RankScreen() {
  const [cat, setCat] = useState<(typeof rankCats)[number]>('time');
  const [back, setBack] = useState(0);
  const week = useRankWeek(cat, chinaDay(back));
  const receive = useReceiveRankAward();
  return (
    <div className="page">
      <PageHeader title="阅读周榜" back />
      <div className="tabs" role="tablist" aria-label="排行类别">
        {rankCats.map((c) => (
          <button key={c} type="button" role="tab" className="tab" aria-selected={cat === c} onClick={() => setCat(c)}>
            {rankCatLabels[c]}
          </button>
        ))}
      </div>
      <div className="week-nav">
        <button type="button" className="button button-ghost button-small" onClick={() => setBack(back + 1)}>
          ‹ 上一周
        </button>
        <span>{week.data ? `${week.data.week_start} ~ ${week.data.week_end}` : ''}</span>
        <button type="button" className="button button-ghost button-small" disabled={back === 0} onClick={() => setBack(back - 1)}>
          下一周 ›
        </button>
      </div>
      {week.isPending ? (
        <Spinner />
      ) : week.error ? (
        <LoadFailed message={week.error.msg} onRetry={() => void week.refetch()} />
      ) : (
        <>
          <section className="card row-card rank-me" aria-label="我的名次">
            <div className="row-card-main">
              <strong>{week.data.me.rank ? `我的名次：第 ${week.data.me.rank} 名` : '我暂未上榜'}</strong>
              <span className="row-card-sub">
                {week.data.me.value} {UNITS[cat]} · 前 {week.data.award.top} 名在周结束后可领会员天数
              </span>
            </div>
            {week.data.award.claimable ? (
              <button
                type="button"
                className="button button-primary button-small"
                disabled={receive.isPending}
                onClick={() =>
                  receive.mutate(
                    { rank_date: week.data.week_start },
                    { onSuccess: (r) => toast(`已领取 ${r.days} 天会员`), onError: (e) => toast(e.msg) },
                  )
                }
              >
                领取 {week.data.award.days} 天
              </button>
            ) : week.data.award.claimed ? (
              <span className="badge badge-accent">已领取</span>
            ) : null}
          </section>
          {week.data.list.length === 0 ? (
            <p className="empty">这一周还没有人上榜，读一篇文章就能上榜</p>
          ) : (
            <ol className="plain-list rank-list" aria-label="排行">
              {week.data.list.map((r) => (
                <li key={r.user_id} className="card row-card">
                  <span className="rank-number">{r.rank}</span>
                  <span className="row-card-main rank-name">{r.username}</span>
                  <span>
                    {r.value} {UNITS[cat]}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </div>
  );
}
