#!/usr/bin/env node
// The benchmark's webhook receiver (`npm run bench -- --webhook`), in a process of its own so
// that it takes no time from the load generator: answers 204 at once, and for each delivery
// notes when it arrived and how long after the event was written (the payload's created_at,
// which the outbox trigger sets inside the write's transaction). The parent asks for a summary
// over IPC: { count, distinct, firstAt, lastAt, lagMs: { p50, p99, max } }.
'use strict';

const { createServer } = require('node:http');

const arrivals = [];
const lags = [];
const ids = new Set();

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const now = Date.now();
    const event = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    arrivals.push(now);
    lags.push(now - Date.parse(event.created_at));
    ids.add(event.id);
    response.writeHead(204).end();
  });
});

function percentile(sorted, p) {
  return sorted.length === 0
    ? null
    : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

process.on('message', (message) => {
  if (message !== 'summary') return;
  const sorted = [...lags].sort((a, b) => a - b);
  process.send({
    count: arrivals.length,
    distinct: ids.size,
    firstAt: arrivals[0] ?? null,
    lastAt: arrivals.at(-1) ?? null,
    lagMs: {
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      max: sorted.at(-1) ?? null,
    },
  });
});
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
