import { Link } from 'react-router';
import { useAiUsage } from '../../api/ai.queries';
import '../../styles/ai.css';

/** Today's and this month's AI use against the allowance, with the membership link when it is spent. */
export function AiUsageCard() {
  const usage = useAiUsage();
  const u = usage.data;
  if (!u) return null;
  const spent = u.daily_limit !== null && u.today.tokens >= u.daily_limit;
  return (
    <section className="section" aria-label="AI 用量">
      <h2 className="section-title">AI 用量</h2>
      <div className="card ai-usage">
        {!u.configured ? (
          <p>未配置 AI 服务：翻译、解析、摘要等使用离线结果，不计用量。</p>
        ) : (
          <>
            <p>
              今天 {u.today.tokens.toLocaleString()}
              {u.daily_limit !== null ? ` / ${u.daily_limit.toLocaleString()}` : ''} tokens（{u.today.requests} 次）
            </p>
            {u.daily_limit !== null && (
              <div
                className="ai-usage-bar"
                role="progressbar"
                aria-valuemin={0}
                aria-valuemax={u.daily_limit}
                aria-valuenow={u.today.tokens}
              >
                <span style={{ width: `${Math.min(100, (u.today.tokens / Math.max(1, u.daily_limit)) * 100)}%` }} />
              </div>
            )}
            <p className="ai-usage-month">
              本月 {u.month.tokens.toLocaleString()} tokens（{u.month.requests} 次） · 每天北京时间 0 点恢复
            </p>
            {spent && <p className="ai-error">今天的额度已用完。</p>}
          </>
        )}
        {u.upgrade && u.configured && (
          <Link to={u.upgrade} className="button button-secondary button-small">
            开通会员，提高 AI 额度
          </Link>
        )}
        <Link to="/askai" className="ai-more">
          我的提问
        </Link>
      </div>
    </section>
  );
}
