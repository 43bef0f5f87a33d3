import type { Metric, MetricValueWithName } from 'prom-client';

/** Upper bounds in seconds: a replay-free word lookup takes ~0.3 ms, a long article's PDF tens of seconds. */
export const DURATION_BUCKETS: readonly number[] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

type Label = 'method' | 'route' | 'status' | 'le';

/**
 * What a registry reads from a metric's `get()` (prom-client lib/registry.js). prom-client's
 * typings name `type` with a numeric enum its code never uses (it writes 'histogram').
 */
interface MetricText {
  name: string;
  help: string;
  type: 'histogram';
  aggregator: 'sum';
  values: MetricValueWithName<Label>[];
}

/** One label set's observations: per-bucket counts (not cumulative), the last slot for above every bound. */
interface Series {
  readonly labels: Readonly<Record<'method' | 'route' | 'status', string>>;
  readonly counts: Float64Array;
  sum: number;
  count: number;
}

/**
 * The request duration histogram, by method, route pattern and status, as a prom-client metric.
 *
 * prom-client's own Histogram builds a label hash string and a labels object on every
 * `observe` (~1 µs each, measured here); this one finds its series through nested maps keyed by
 * strings Fastify already holds and bumps two numbers, so a request pays a few map reads. It is
 * exported through the registry like any other metric (prom-client reads `get()`), so the text
 * format, escaping and content type are prom-client's.
 */
export class RouteDurations {
  readonly name: string;
  readonly help: string;
  readonly type = 'histogram' as const;
  readonly aggregator = 'sum' as const;
  readonly labelNames: readonly string[] = ['method', 'route', 'status'];
  /** route → method → status → series: at most the routes Fastify has × their methods × statuses answered. */
  #routes = new Map<string, Map<string, Map<number, Series>>>();

  constructor(name: string, help: string) {
    this.name = name;
    this.help = help;
  }

  /** `route`: the route's pattern as registered (never the raw URL: the label set stays bounded). */
  observe(method: string, route: string, status: number, seconds: number): void {
    let methods = this.#routes.get(route);
    if (methods === undefined) this.#routes.set(route, (methods = new Map()));
    let statuses = methods.get(method);
    if (statuses === undefined) methods.set(method, (statuses = new Map()));
    let series = statuses.get(status);
    if (series === undefined) {
      series = {
        labels: { method, route, status: String(status) },
        counts: new Float64Array(DURATION_BUCKETS.length + 1),
        sum: 0,
        count: 0,
      };
      statuses.set(status, series);
    }
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket++;
    series.counts[bucket]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  /** The series in prom-client's shape for a histogram: cumulative `_bucket`s, `+Inf`, `_sum` and `_count`. */
  async get(): Promise<MetricText> {
    const values: MetricValueWithName<Label>[] = [];
    for (const methods of this.#routes.values())
      for (const statuses of methods.values())
        for (const series of statuses.values()) {
          let cumulative = 0;
          DURATION_BUCKETS.forEach((le, i) => {
            cumulative += series.counts[i]!;
            values.push({ metricName: `${this.name}_bucket`, labels: { ...series.labels, le }, value: cumulative });
          });
          values.push({ metricName: `${this.name}_bucket`, labels: { ...series.labels, le: '+Inf' }, value: series.count });
          values.push({ metricName: `${this.name}_sum`, labels: series.labels, value: series.sum });
          values.push({ metricName: `${this.name}_count`, labels: series.labels, value: series.count });
        }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.#routes = new Map();
  }

  /**
   * As the registry takes it. prom-client types a registered metric as the union of its own
   * classes, though a registry reads only name, `get()` and `reset()` (lib/registry.js).
   */
  asMetric(): Metric<Label> {
    return this as unknown as Metric<Label>;
  }
}
