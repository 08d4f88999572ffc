// The names of the tests that failed, read from the runners' JSON reports, so that the last lines
// of a run name them: CI's record keeps only the tail of its output, and a count alone ("1 failed")
// left two failed submissions without the name of the test that failed (docs/ci.md, stop 51).
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The first line of an error message, without the terminal's colour codes. */
function firstLine(message) {
  return (
    String(message ?? '')
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim()
      .slice(0, 200) ?? ''
  );
}

/**
 * Each failed test of a Vitest JSON report (`--reporter=json`) as "file › test: first line of its
 * error", and each file that failed without a failed test (it did not load, or a hook threw).
 */
export function vitestFailures(report) {
  const lines = [];
  for (const file of report?.testResults ?? []) {
    const name = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed)
      lines.push(`${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (failed.length === 0 && file.status === 'failed') lines.push(`${name}: ${firstLine(file.message)}`);
  }
  return lines;
}

/** Each test of a Playwright JSON report that failed (not one that passed on a retry). */
export function playwrightFailures(report) {
  const lines = [];
  const dir = report?.config?.rootDir ?? root;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.find((result) => result.error)?.error;
        lines.push(
          `${path.relative(root, path.join(dir, spec.file))}:${spec.line} › ${[...titles, spec.title].join(' › ')}: ${firstLine(error?.message)}`,
        );
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return lines;
}

/** Prints the failures under a heading, if there are any. */
export function printFailures(heading, lines) {
  if (lines.length === 0) return;
  console.log(`\n${heading}:`);
  for (const line of lines) console.log(`  ✗ ${line}`);
}
