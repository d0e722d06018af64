// A scrape in the Prometheus text format, read by a parser written for it
// (parse-prometheus-text-format), not by the code under test.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const parsePrometheusTextFormat = require('parse-prometheus-text-format') as (
  text: string,
) => MetricFamily[];

export interface Sample {
  labels?: Record<string, string>;
  value?: string;
}

export interface MetricFamily {
  name: string;
  help: string;
  type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
  metrics: Sample[];
}

export interface Scrape {
  /** Each metric family: its name, help and type. */
  families: Map<string, MetricFamily>;
  /** Each series by name, a histogram's `_bucket`, `_sum` and `_count` included, as PromQL sees them. */
  series: Map<string, Sample[]>;
}

/**
 * Parses `text`. The parser folds the labelled series of a histogram into one sample (it was
 * written before those were common), so histograms are read a second time as their three
 * plain series, which it reads well.
 */
export function parseScrape(text: string): Scrape {
  const families = new Map(parsePrometheusTextFormat(text).map((family) => [family.name, family]));
  const histograms = [...families.values()]
    .filter((family) => family.type === 'HISTOGRAM')
    .map((family) => family.name);
  const withoutHistogramTypes = text
    .split('\n')
    .filter((line) => !histograms.some((name) => line === `# TYPE ${name} histogram`))
    .join('\n');
  const series = new Map<string, Sample[]>();
  for (const family of parsePrometheusTextFormat(withoutHistogramTypes)) {
    series.set(family.name, [...(series.get(family.name) ?? []), ...family.metrics]);
  }
  return { families, series };
}

/** GETs `url` and parses it, after checking the answer's status and content type. */
export async function scrape(url: string): Promise<Scrape> {
  const response = await fetch(url);
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${text}`);
  const type = response.headers.get('content-type');
  if (type !== 'text/plain; version=0.0.4; charset=utf-8') {
    throw new Error(`${url} answered with content type ${type}`);
  }
  return parseScrape(text);
}

/** The samples of the series `name` whose labels include `labels`. */
export function samples(
  scraped: Scrape,
  name: string,
  labels: Record<string, string> = {},
): Sample[] {
  const found = scraped.series.get(name);
  if (!found) throw new Error(`no series ${name} in the scrape`);
  return found.filter((sample) =>
    Object.entries(labels).every(([key, value]) => sample.labels?.[key] === value),
  );
}

/** The value of the one sample of `name` matching `labels`. */
export function valueOf(
  scraped: Scrape,
  name: string,
  labels: Record<string, string> = {},
): number {
  const found = samples(scraped, name, labels);
  if (found.length !== 1) {
    throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  }
  return Number(found[0].value);
}

/** Requests counted by `http_request_duration_seconds` for this method, route and status (0: none). */
export function requestCount(
  scraped: Scrape,
  method: string,
  route: string,
  status: string,
): number {
  if (!scraped.series.has('http_request_duration_seconds_count')) return 0;
  const found = samples(scraped, 'http_request_duration_seconds_count', { method, route, status });
  return found.reduce((sum, sample) => sum + Number(sample.value), 0);
}
