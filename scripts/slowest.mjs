#!/usr/bin/env node
// `.ci/run`'s last words: the ten slowest test files of the run, from the JSON reports the test runners wrote to the
// directory given (vitest-postgres.json, vitest-pglite.json, e2e.json), so growth is seen the day it happens.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
if (!dir || !fs.existsSync(dir)) process.exit(0);
const rows = [];
for (const name of fs.readdirSync(dir).sort()) {
  const file = path.join(dir, name);
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    continue;
  }
  if (name.startsWith('vitest-')) {
    const pass = name.slice('vitest-'.length, -'.json'.length);
    for (const r of report.testResults ?? [])
      rows.push({ ms: r.endTime - r.startTime, what: `${pass.padEnd(8)} ${path.relative(process.cwd(), r.name)}` });
  } else if (name === 'e2e.json') {
    const byFile = new Map();
    const walk = (suite) => {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests ?? [])
          for (const result of test.results ?? [])
            byFile.set(spec.file, (byFile.get(spec.file) ?? 0) + (result.duration ?? 0));
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of report.suites ?? []) walk(suite);
    for (const [file, ms] of byFile) rows.push({ ms, what: `browser  e2e/${path.basename(file)}` });
  }
}
rows.sort((a, b) => b.ms - a.ms);
console.log('\nThe ten slowest test files of this run (seconds):');
for (const { ms, what } of rows.slice(0, 10)) console.log(`${(ms / 1000).toFixed(1).padStart(7)}  ${what}`);
