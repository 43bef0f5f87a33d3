import { useEffect, useRef, useState } from 'react';
import { dayLabel, shortDay, weekdayOf } from './dates';

/** One day of read data (the contract's day stats). */
export interface DayStats {
  date: string;
  minutes: number;
  articles_finished: number;
  words_looked_up: number;
  words_added: number;
}

const BAR_STEP = 10;
const BAR_WIDTH = 7;
const BAR_HEIGHT = 100;

function describe(day: DayStats): string {
  const extra = [
    day.articles_finished ? `读完 ${day.articles_finished} 篇` : '',
    day.words_looked_up ? `查词 ${day.words_looked_up} 个` : '',
  ].filter(Boolean);
  return [`${dayLabel(day.date)}：阅读 ${day.minutes} 分钟`, ...extra].join('，');
}

/**
 * Minutes read per day as bars, drawn in SVG (no chart library). Each bar names its day and
 * minutes; tapping a bar shows them under the chart.
 */
export function BarChart({ days, label }: { days: DayStats[]; label: string }) {
  const [picked, setPicked] = useState<number | null>(null);
  const most = Math.max(0, ...days.map((d) => d.minutes));
  const scale = Math.max(10, most);
  const total = days.reduce((sum, d) => sum + d.minutes, 0);
  const width = days.length * BAR_STEP;
  const shown = days[picked ?? days.length - 1];
  return (
    <figure className="bar-chart">
      <div className="chart-scale" aria-hidden="true">
        <span>{scale} 分钟</span>
      </div>
      <svg
        className="bar-chart-svg"
        viewBox={`0 0 ${width} ${BAR_HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`${label}：共 ${total} 分钟，最多的一天 ${most} 分钟`}
        data-testid="bar-chart"
      >
        <line className="chart-grid" x1={0} x2={width} y1={0.5} y2={0.5} />
        <line className="chart-grid" x1={0} x2={width} y1={BAR_HEIGHT / 2} y2={BAR_HEIGHT / 2} />
        {days.map((day, i) => {
          const height = Math.max(1, (day.minutes / scale) * BAR_HEIGHT);
          return (
            <rect
              key={day.date}
              className={`bar${day.minutes === 0 ? ' bar-empty' : ''}${i === picked ? ' is-picked' : ''}`}
              x={i * BAR_STEP + (BAR_STEP - BAR_WIDTH) / 2}
              y={BAR_HEIGHT - height}
              width={BAR_WIDTH}
              height={height}
              data-day={day.date}
              onClick={() => setPicked(i)}
            >
              <title>{describe(day)}</title>
            </rect>
          );
        })}
      </svg>
      {days.length > 0 && (
        <div className="chart-axis" aria-hidden="true">
          <span>{shortDay(days[0]!.date)}</span>
          <span>{shortDay(days[Math.floor(days.length / 2)]!.date)}</span>
          <span>今天</span>
        </div>
      )}
      {shown && <figcaption className="chart-caption">{describe(shown)}</figcaption>}
    </figure>
  );
}

const CELL = 11;
const STEP = 14;
const LEFT = 24;
const TOP = 18;

/** Colour steps of the heat map by minutes read. */
export function heatLevel(minutes: number): 0 | 1 | 2 | 3 | 4 {
  if (minutes <= 0) return 0;
  if (minutes < 10) return 1;
  if (minutes < 20) return 2;
  if (minutes < 40) return 3;
  return 4;
}

/** A year of days as a calendar heat map: weeks as columns (Monday first), months labelled. */
export function HeatMap({ days, label }: { days: DayStats[]; label: string }) {
  const scroller = useRef<HTMLDivElement>(null);
  // The latest weeks matter most: on a narrow screen start scrolled to the end.
  useEffect(() => {
    const box = scroller.current;
    if (box) box.scrollLeft = box.scrollWidth;
  }, [days.length]);
  if (days.length === 0) return null;
  const lead = weekdayOf(days[0]!.date);
  const columns = Math.ceil((days.length + lead) / 7);
  const width = LEFT + columns * STEP;
  const height = TOP + 7 * STEP;
  const readDays = days.filter((d) => d.minutes > 0).length;
  return (
    <figure className="heatmap">
      {/* Scrolls sideways on a phone: focusable, so the keyboard's arrows scroll it too. */}
      <div className="heatmap-scroll" ref={scroller} tabIndex={0} role="group" aria-label={`${label}（可左右滚动）`}>
        <svg
          className="heatmap-svg"
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-label={`${label}：${readDays} 天有阅读`}
          data-testid="heatmap"
        >
          {['一', '三', '五'].map((name, i) => (
            <text key={name} className="chart-label" x={0} y={TOP + i * 2 * STEP + 9}>
              {name}
            </text>
          ))}
          {days.map((day, i) => {
            const k = i + lead;
            const column = Math.floor(k / 7);
            const [, month, date] = day.date.split('-').map(Number);
            return (
              <g key={day.date}>
                {(date === 1 || (i === 0 && date! <= 20)) && column < columns - 1 && (
                  <text className="chart-label" x={LEFT + column * STEP} y={11}>
                    {month}月
                  </text>
                )}
                <rect
                  className={`hm hm-${heatLevel(day.minutes)}`}
                  x={LEFT + column * STEP}
                  y={TOP + (k % 7) * STEP}
                  width={CELL}
                  height={CELL}
                  rx={2}
                  data-day={day.date}
                >
                  <title>{describe(day)}</title>
                </rect>
              </g>
            );
          })}
        </svg>
      </div>
      <figcaption className="heatmap-legend" aria-hidden="true">
        少
        {[0, 1, 2, 3, 4].map((level) => (
          <span key={level} className={`heatmap-swatch hm-${level}`} />
        ))}
        多
      </figcaption>
    </figure>
  );
}
