/** One sample of a scrape. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: -?\d+)?$/;
const LABEL = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(?:,|$)/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

function parseValue(text: string, line: string): number {
  if (/^[+-]?inf$/i.test(text)) return text.startsWith('-') ? -Infinity : Infinity;
  if (/^nan$/i.test(text)) return NaN;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) throw new Error(`not a sample value: ${line}`);
  return Number(text);
}

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (let rest = text; rest.length > 0;) {
    const m = LABEL.exec(rest);
    if (!m) throw new Error(`bad labels: ${line}`);
    if (m[1]! in labels) throw new Error(`repeated label ${m[1]}: ${line}`);
    labels[m[1]!] = m[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    rest = rest.slice(m[0].length);
  }
  return labels;
}

/** The family a sample belongs to: a histogram's `_bucket`, `_sum` and `_count` belong to their histogram. */
function familyOf(name: string, types: Map<string, string>): string | undefined {
  if (types.has(name)) return name;
  const base = name.replace(/_(bucket|sum|count)$/, '');
  return types.get(base) === 'histogram' || types.get(base) === 'summary' ? base : undefined;
}

/**
 * Parses Prometheus text exposition format 0.0.4 strictly: every sample belongs to a family
 * declared by a TYPE line before it, names and labels are well formed, no series is repeated, and
 * every histogram's buckets are cumulative, end with `+Inf` and agree with its `_count`.
 * Throws on the first line that does not fit.
 */
export function parsePrometheusText(text: string): Sample[] {
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a line feed');
  const types = new Map<string, string>();
  const seen = new Set<string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      const [, keyword, name, ...rest] = line.split(' ');
      if (keyword === 'TYPE') {
        if (!name || !NAME.test(name) || !TYPES.has(rest.join(' '))) throw new Error(`bad TYPE line: ${line}`);
        if (types.has(name)) throw new Error(`TYPE repeated: ${line}`);
        types.set(name, rest.join(' '));
      } else if (keyword === 'HELP' && (!name || !NAME.test(name))) throw new Error(`bad HELP line: ${line}`);
      continue;
    }
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const sample = { name: m[1]!, labels: parseLabels(m[2] ?? '', line), value: parseValue(m[3]!, line) };
    if (!familyOf(sample.name, types)) throw new Error(`sample before its TYPE: ${line}`);
    const key = `${sample.name}${JSON.stringify(Object.entries(sample.labels).sort())}`;
    if (seen.has(key)) throw new Error(`series repeated: ${line}`);
    seen.add(key);
    samples.push(sample);
  }
  for (const [family, type] of types) if (type === 'histogram') checkHistogram(family, samples);
  return samples;
}

function checkHistogram(family: string, samples: Sample[]): void {
  const series = new Map<string, Sample[]>();
  for (const s of samples.filter((x) => x.name === `${family}_bucket`)) {
    const { le, ...rest } = s.labels;
    if (le === undefined) throw new Error(`${family}_bucket without le`);
    const key = JSON.stringify(Object.entries(rest).sort());
    series.set(key, [...(series.get(key) ?? []), s]);
  }
  for (const [key, buckets] of series) {
    const bounds = buckets.map((b) => parseValue(b.labels.le!, family));
    if (bounds.at(-1) !== Infinity) throw new Error(`${family}${key}: the last bucket is not +Inf`);
    for (let i = 1; i < buckets.length; i++) {
      if (bounds[i]! <= bounds[i - 1]! || buckets[i]!.value < buckets[i - 1]!.value)
        throw new Error(`${family}${key}: buckets not cumulative`);
    }
    const count = samples.find((s) => s.name === `${family}_count` && JSON.stringify(Object.entries(s.labels).sort()) === key);
    if (count?.value !== buckets.at(-1)!.value) throw new Error(`${family}${key}: _count differs from the +Inf bucket`);
  }
}

/** The value of the one sample named `name` whose labels include `labels`; undefined when there is none. */
export function valueOf(samples: readonly Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}
