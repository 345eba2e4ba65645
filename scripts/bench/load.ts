/**
 * The bench's load generator, its own process started by `scripts/bench.ts`: reads jobs as JSON
 * lines on stdin, runs each with autocannon in turn and writes its result as a JSON line.
 *
 * A job first runs a warm-up for `warmUpSeconds` (not counted) and from its rate works out how
 * many requests fill `durationSeconds`; the measured run then sends exactly that many (at least
 * `minimumPerConnection` per connection) and waits for every answer, so a slow request is never
 * cut off by the end of a time window. A job with `untilStopped` runs (without warm-up) until a
 * `{"stop":true}` line arrives: the load beside another measure. Every response's time is kept,
 * so p50/p95/p99 are over all responses, errors included (autocannon's own summary has no p95).
 */
import { createInterface } from "node:readline";
import autocannon from "autocannon";

export type LoadSettings = {
  url: string;
  connections: number;
  durationSeconds: number;
  warmUpSeconds: number;
  /** The least requests per connection a measured run sends, however slow the case. */
  minimumPerConnection: number;
  headers?: Record<string, string>;
  /** Send exactly this many requests (no warm-up needed). */
  amount?: number;
  untilStopped?: boolean;
  /** At most this many requests a second over all connections (autocannon's `overallRate`). */
  overallRate?: number;
};

export type LoadResult = {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  meanMs: number;
  maxMs: number;
  /** Connection errors, timeouts included. */
  errors: number;
  non2xx: number;
  statusCodes: Record<string, number>;
};

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

const round = (value: number) => Math.round(value * 10) / 10;

let current: autocannon.Instance | null = null;
let stopRequested = false;

function run(
  settings: LoadSettings,
  window: { durationSeconds: number } | { amount: number },
  times: number[] | null,
): Promise<autocannon.Result> {
  return new Promise((done, fail) => {
    const instance = autocannon(
      {
        url: settings.url,
        connections: settings.connections,
        ...("amount" in window ? { amount: window.amount } : { duration: window.durationSeconds }),
        headers: settings.headers ?? {},
        ...(settings.overallRate ? { overallRate: settings.overallRate } : {}),
        // Slow reports under load may take seconds; a timeout would hide them as errors.
        timeout: 60,
      },
      (error, result) => {
        current = null;
        if (error) fail(error);
        else done(result);
      },
    );
    current = instance;
    if (times) {
      instance.on("response", (_client, _status, _bytes, responseTime) => {
        times.push(responseTime);
      });
    }
    if (stopRequested) instance.stop();
  });
}

async function job(settings: LoadSettings): Promise<LoadResult> {
  stopRequested = false;
  let window: { durationSeconds: number } | { amount: number };
  if (settings.untilStopped) window = { durationSeconds: 3600 };
  else if (settings.amount) window = { amount: settings.amount };
  else {
    const warm =
      settings.warmUpSeconds > 0
        ? await run(settings, { durationSeconds: settings.warmUpSeconds }, null)
        : null;
    const rate = warm ? warm.requests.total / Math.max(0.1, warm.duration) : 0;
    window = {
      amount: Math.max(
        settings.connections * settings.minimumPerConnection,
        Math.ceil(rate * settings.durationSeconds),
      ),
    };
  }
  const times: number[] = [];
  const started = performance.now();
  const result = await run(settings, window, times);
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0]),
  );
  return {
    requests: times.length,
    seconds: round(seconds),
    requestsPerSecond: round(times.length / seconds),
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    p99Ms: round(percentile(times, 99)),
    meanMs: round(times.reduce((sum, time) => sum + time, 0) / Math.max(1, times.length)),
    maxMs: round(times.at(-1) ?? 0),
    errors: result.errors,
    non2xx: result.non2xx,
    statusCodes,
  };
}

let chain = Promise.resolve();
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const message = JSON.parse(line) as LoadSettings | { stop: true };
  if ("stop" in message) {
    stopRequested = true;
    (current as autocannon.Instance | null)?.stop();
    continue;
  }
  chain = chain.then(async () => {
    const answer = await job(message).catch((error: unknown) => ({ error: String(error) }));
    process.stdout.write(`${JSON.stringify(answer)}\n`);
  });
}
await chain;
