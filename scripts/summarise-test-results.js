// Prints what a Jest run (its --json results file) passed and failed: a count line, then each
// failed test's name and the start of its failure, so the end of CI's output says what broke.
// Usage: node scripts/summarise-test-results.js <label> <results.json>
'use strict';

const fs = require('node:fs');

const [label, file] = process.argv.slice(2);
if (!file || !fs.existsSync(file)) {
  console.log(`${label}: no results (the run ended before Jest wrote them)`);
  process.exit(0);
}
const results = JSON.parse(fs.readFileSync(file, 'utf8'));
console.log(
  `${label}: ${results.numPassedTests} tests passed, ${results.numFailedTests} failed` +
    (results.numRuntimeErrorTestSuites > 0
      ? `, ${results.numRuntimeErrorTestSuites} suite(s) did not run`
      : ''),
);
const MESSAGE_LINES = 40;
for (const suite of results.testResults) {
  const failed = suite.assertionResults.filter((test) => test.status === 'failed');
  if (failed.length === 0 && suite.status !== 'failed') continue;
  // The path from the project's root (the Node 20 run is in a copy elsewhere).
  const where = suite.name.replace(/^.*?\/(?=(src|test|migrations|bench|scripts)\/)/, '');
  if (failed.length === 0) {
    console.log(`\n✕ ${where}\n${firstLines(suite.message)}`);
    continue;
  }
  for (const test of failed) {
    console.log(`\n✕ ${where}: ${test.fullName}\n${firstLines(test.failureMessages.join('\n'))}`);
  }
}

function firstLines(text) {
  // eslint-disable-next-line no-control-regex
  const lines = String(text)
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => !/^\s+at .*(node_modules|node:internal|<anonymous>)/.test(line));
  const kept = lines.slice(0, MESSAGE_LINES).join('\n');
  return lines.length > MESSAGE_LINES
    ? `${kept}\n  … (${lines.length - MESSAGE_LINES} more lines)`
    : kept;
}
