import { useState } from 'react';
import { Link } from 'react-router';
import { useReadData, useReadToday } from '../../api/reader.queries';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { RequireLogin } from '../../components/RequireLogin';
import { Spinner } from '../../components/Spinner';
import { BarChart, HeatMap } from './charts';
import { addDays, chinaToday } from './dates';
import '../../styles/reading-screens.css';

/** 阅读数据: today's numbers, minutes per day for 30 days, a year's calendar, totals and streaks. */
export function ReadData() {
  return (
    <RequireLogin>
      <ReadDataScreen />
    </RequireLogin>
  );
}

function Stat({ label, value, unit, id }: { label: string; value: number; unit: string; id: string }) {
  return (
    <div className="stat">
      <dt className="stat-label">{label}</dt>
      <dd className="stat-value" data-testid={`stat-${id}`}>
        {value}
        <span className="stat-unit">{unit}</span>
      </dd>
    </div>
  );
}

function ReadDataScreen() {
  const today = useReadToday();
  const month = useReadData();
  // The year view starts 365 days back in China time, as the server keeps days.
  const [from] = useState(() => addDays(chinaToday(), -365));
  const year = useReadData(from);

  return (
    <div className="page read-data">
      <PageHeader
        title="阅读数据"
        back
        actions={
          <Link to="/history" className="header-link">
            阅读记录
          </Link>
        }
      />
      <section className="section" aria-labelledby="today-title">
        <h2 id="today-title" className="section-title">
          今天
        </h2>
        {today.isPending ? (
          <Spinner />
        ) : today.error ? (
          <LoadFailed title="今日数据加载失败" message={today.error.msg} onRetry={() => void today.refetch()} />
        ) : (
          <dl className="card stat-grid">
            {/* Under a minute, seconds: a reader who just started should see their time count. */}
            {today.data.seconds > 0 && today.data.seconds < 60 ? (
              <Stat id="minutes" label="阅读" value={today.data.seconds} unit="秒" />
            ) : (
              <Stat id="minutes" label="阅读" value={today.data.minutes} unit="分钟" />
            )}
            <Stat id="finished" label="读完" value={today.data.articles_finished} unit="篇" />
            <Stat id="looked-up" label="查词" value={today.data.words_looked_up} unit="个" />
            <Stat id="added" label="新增生词" value={today.data.words_added} unit="个" />
            <Stat id="streak" label="连续阅读" value={today.data.streak} unit="天" />
          </dl>
        )}
      </section>
      <section className="section" aria-labelledby="month-title">
        <h2 id="month-title" className="section-title">
          最近 30 天
        </h2>
        <div className="card chart-card">
          {month.isPending ? (
            <Spinner />
          ) : month.error ? (
            <LoadFailed title="加载失败" message={month.error.msg} onRetry={() => void month.refetch()} />
          ) : (
            <>
              <p className="chart-summary">
                共读 <b>{month.data.totals.minutes}</b> 分钟 · {month.data.totals.days_read} 天有阅读 · 读完{' '}
                {month.data.totals.articles_finished} 篇
              </p>
              <BarChart days={month.data.days} label="最近 30 天每天阅读分钟数" />
            </>
          )}
        </div>
      </section>
      <section className="section" aria-labelledby="year-title">
        <h2 id="year-title" className="section-title">
          一年
        </h2>
        <div className="card chart-card">
          {year.isPending ? (
            <Spinner />
          ) : year.error ? (
            <LoadFailed title="加载失败" message={year.error.msg} onRetry={() => void year.refetch()} />
          ) : (
            <>
              <dl className="stat-grid stat-grid-totals">
                <Stat id="year-minutes" label="累计阅读" value={year.data.totals.minutes} unit="分钟" />
                <Stat id="year-days" label="阅读天数" value={year.data.totals.days_read} unit="天" />
                <Stat id="year-finished" label="读完文章" value={year.data.totals.articles_finished} unit="篇" />
                <Stat id="streak-current" label="当前连续" value={year.data.streak.current} unit="天" />
                <Stat id="streak-longest" label="最长连续" value={year.data.streak.longest} unit="天" />
              </dl>
              <HeatMap days={year.data.days} label="最近一年阅读热力图" />
            </>
          )}
        </div>
      </section>
    </div>
  );
}
