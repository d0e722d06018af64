// The shipped monitoring examples against a real Prometheus: it loads the example configuration
// and alert rules, scrapes the built service (on MySQL, so that the pool's metrics exist, with
// two workers), and runs
// every query of the Grafana dashboard and of the alerts; each metric they name must be one the
// service offers. Prometheus's own lint checks the scrape.
import { ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse, stringify } from 'yaml';
import {
  buildIfNeeded,
  freePort,
  newUserToken,
  RunningService,
  startBuiltService,
} from '../support/built-service';
import { dropTestDatabase } from '../support/test-app';

const PROMETHEUS = process.env.PROMETHEUS_PATH || '/usr/bin/prometheus';
const PROMTOOL = join(dirname(PROMETHEUS), 'promtool');
const examples = join(__dirname, '..', '..', 'examples');
const JOB = 'document-service';

interface Dashboard {
  panels: { title: string; targets: { expr: string }[] }[];
  templating: { list: { name: string }[] };
}

interface RuleFile {
  groups: { name: string; rules: { alert: string; expr: string }[] }[];
}

interface PrometheusConfig {
  global: Record<string, string>;
  rule_files: string[];
  scrape_configs: { job_name: string; static_configs: { targets: string[] }[] }[];
}

const dashboard = JSON.parse(
  readFileSync(join(examples, 'grafana', 'document-service.json'), 'utf8'),
) as Dashboard;
const alerts = parse(readFileSync(join(examples, 'prometheus', 'alerts.yml'), 'utf8')) as RuleFile;

/** Every PromQL expression the examples hold, with Grafana's variables given values. */
const queries: { from: string; expr: string }[] = [
  ...dashboard.panels.flatMap((panel) =>
    panel.targets.map((target) => ({
      from: `dashboard panel "${panel.title}"`,
      expr: target.expr.replaceAll('$__rate_interval', '1m').replaceAll('$job', JOB),
    })),
  ),
  ...alerts.groups.flatMap((group) =>
    group.rules.map((rule) => ({ from: `alert ${rule.alert}`, expr: rule.expr })),
  ),
];

/** The metric names an expression reads: identifiers before a selector or a range. */
function metricNames(expr: string): string[] {
  const withoutStrings = expr.replace(/"[^"]*"/g, '""');
  const names = withoutStrings.match(/\b[a-zA-Z_:][a-zA-Z0-9_:]*(?=\s*[{[])/g) ?? [];
  return names.filter((name) => !['by', 'without'].includes(name));
}

function run(command: string, args: string[], input?: string) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    const child = execFile(command, args, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
    if (input !== undefined) child.stdin!.end(input);
  });
}

describe('the monitoring examples, loaded by Prometheus', () => {
  let service: RunningService;
  let metricsUrl: string;
  let prometheus: ChildProcess;
  let prometheusUrl: string;
  let workDir: string;

  async function query(
    expr: string,
  ): Promise<{ status: string; error?: string; data?: { result: unknown[] } }> {
    const url = `${prometheusUrl}/api/v1/query?query=${encodeURIComponent(expr)}`;
    return (await (await fetch(url)).json()) as { status: string; data: { result: unknown[] } };
  }

  /** Asks Prometheus until `expr` has a result (it scrapes every 500 ms). */
  async function untilPresent(expr: string): Promise<void> {
    const giveUpAt = performance.now() + 20_000;
    while (performance.now() < giveUpAt) {
      const answer = await query(expr);
      if ((answer.data?.result.length ?? 0) > 0) return;
    }
    throw new Error(`Prometheus never had ${expr}`);
  }

  /** Resolves once Prometheus answers that it is ready; fails if it exits first. */
  async function untilReady(): Promise<void> {
    let exited = false;
    prometheus.once('exit', () => (exited = true));
    const giveUpAt = performance.now() + 20_000;
    while (!exited && performance.now() < giveUpAt) {
      const ready = await fetch(`${prometheusUrl}/-/ready`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`Prometheus did not start (exited: ${exited})`);
  }

  beforeAll(async () => {
    buildIfNeeded();
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    // Two workers: the scrape is the primary's sum of both.
    service = await startBuiltService(
      { METRICS_PORT: String(metricsPort), WEB_CONCURRENCY: '2' },
      { startTimeoutMs: 60_000 },
    );
    // Some traffic, so that the request histogram has series, a 401 among them.
    expect((await fetch(`${service.baseUrl}/api/v1/docs`)).status).toBe(401);
    const token = await newUserToken();
    const created = await fetch(`${service.baseUrl}/api/v1/docs`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'watched', path: '~/monitoring' }),
    });
    expect(created.status).toBe(201);

    // The example configuration as shipped, pointed at this service and scraping often.
    workDir = mkdtempSync(join(tmpdir(), 'dms-prometheus-'));
    const config = parse(
      readFileSync(join(examples, 'prometheus', 'prometheus.yml'), 'utf8'),
    ) as PrometheusConfig;
    config.global.scrape_interval = '500ms';
    config.global.evaluation_interval = '500ms';
    config.rule_files = config.rule_files.map((file) => join(examples, 'prometheus', file));
    const job = config.scrape_configs.find((scrape) => scrape.job_name === JOB)!;
    job.static_configs = [{ targets: [`127.0.0.1:${metricsPort}`] }];
    writeFileSync(join(workDir, 'prometheus.yml'), stringify(config));
    const port = await freePort();
    prometheusUrl = `http://127.0.0.1:${port}`;
    prometheus = spawn(
      PROMETHEUS,
      [
        `--config.file=${join(workDir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(workDir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: 'ignore' },
    );
    await untilReady();
    await untilPresent(`http_request_duration_seconds_count{job="${JOB}", route="/api/v1/docs"}`);
    // Two scrapes at least: rates need two samples.
    await untilPresent(`count_over_time(up{job="${JOB}"}[1m]) >= 2`);
  }, 60_000);

  afterAll(async () => {
    prometheus?.kill('SIGTERM');
    await service?.stop();
    await dropTestDatabase();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('promtool accepts the example configuration and its alert rules', async () => {
    const checked = await run(PROMTOOL, [
      'check',
      'config',
      join(examples, 'prometheus', 'prometheus.yml'),
    ]);
    expect(checked.output).toContain('SUCCESS: 7 rules found');
    expect(checked.code).toBe(0);
  });

  it("promtool's lint finds nothing wrong with a scrape (format and naming conventions)", async () => {
    const text = await (await fetch(metricsUrl)).text();
    expect(await run(PROMTOOL, ['check', 'metrics'], text)).toEqual({ code: 0, output: '' });
  });

  it('Prometheus scrapes the service: the target is up', async () => {
    const targets = (await (await fetch(`${prometheusUrl}/api/v1/targets`)).json()) as {
      data: { activeTargets: { labels: { job: string }; health: string; lastError: string }[] };
    };
    expect(
      targets.data.activeTargets.map(({ labels, health, lastError }) => ({
        job: labels.job,
        health,
        lastError,
      })),
    ).toEqual([{ job: JOB, health: 'up', lastError: '' }]);
  });

  it('every metric the dashboard and the alerts name is one the service offers', async () => {
    const names = (await (await fetch(`${prometheusUrl}/api/v1/label/__name__/values`)).json()) as {
      data: string[];
    };
    const offered = new Set(names.data);
    const used = queries.flatMap(({ from, expr }) =>
      metricNames(expr).map((name) => ({ from, name })),
    );
    expect(used.length).toBeGreaterThan(20);
    expect(used.filter(({ name }) => !offered.has(name))).toEqual([]);
  });

  it('every query of the dashboard and the alerts runs', async () => {
    const failed = [];
    for (const { from, expr } of queries) {
      const answer = await query(expr);
      if (answer.status !== 'success') failed.push({ from, error: answer.error });
    }
    expect(failed).toEqual([]);
  });

  it('the dashboard has data in every panel', async () => {
    const empty = [];
    for (const panel of dashboard.panels) {
      const results = await Promise.all(
        panel.targets.map(
          async (target) =>
            (await query(target.expr.replaceAll('$__rate_interval', '1m').replaceAll('$job', JOB)))
              .data?.result.length ?? 0,
        ),
      );
      if (results.every((count) => count === 0)) empty.push(panel.title);
    }
    expect(empty).toEqual([]);
  });

  it('the alert rules are loaded and evaluate without error', async () => {
    const rules = (await (await fetch(`${prometheusUrl}/api/v1/rules`)).json()) as {
      data: { groups: { rules: { name: string; health: string; lastError?: string }[] }[] };
    };
    const loaded = rules.data.groups.flatMap((group) => group.rules);
    expect(loaded.map((rule) => rule.name)).toEqual(
      alerts.groups.flatMap((group) => group.rules.map((rule) => rule.alert)),
    );
    expect(loaded.filter((rule) => rule.health === 'err')).toEqual([]);
  });

  it('the dashboard declares the variables its queries use', () => {
    const variables = dashboard.templating.list.map((variable) => variable.name).sort();
    expect(variables).toEqual(['datasource', 'job']);
  });
});
