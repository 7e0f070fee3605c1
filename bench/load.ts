/**
 * The load generator, run as a child process so it never shares an event loop with the server it measures.
 * It receives one scenario over IPC, runs autocannon, records every response time, and answers with figures.
 */
import autocannon from 'autocannon';

export interface Scenario {
  name: string;
  url: string;
  connections: number;
  duration: number;
  requests: autocannon.Request[];
  headers?: Record<string, string>;
}

export interface Figures {
  name: string;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  statuses: Record<string, number>;
  errors: number;
}

/** The p-th percentile of sorted figures (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)]!;
}

export function runScenario(s: Scenario): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const statuses: Record<string, number> = {};
    const instance = autocannon(
      {
        url: s.url,
        connections: s.connections,
        duration: s.duration,
        requests: s.requests,
        headers: s.headers,
      },
      (err, result) => {
        if (err) return reject(err instanceof Error ? err : new Error(String(err)));
        times.sort((x, y) => x - y);
        resolve({
          name: s.name,
          requests: times.length,
          perSecond: times.length / result.duration,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          p99: percentile(times, 99),
          statuses,
          errors: result.errors,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      times.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
}

if (process.send) {
  process.on('message', (s: Scenario) => {
    runScenario(s).then(
      (figures) => process.send!({ figures }),
      (err: Error) => process.send!({ error: err.message }),
    );
  });
}
