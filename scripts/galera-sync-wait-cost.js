#!/usr/bin/env node
// What `wsrep_sync_wait` (set by the service on every Galera session, src/database/galera.ts)
// costs a read: the latency of a small indexed query at 0 and at 3, on the node HAProxy
// writes to and on another, on an idle cluster and with 4 clients inserting through the
// first node. Needs the cluster of `npm run cluster:up`; creates and drops the database
// `sync_wait_cost` there.
'use strict';

const fs = require('node:fs');
const mysql = require('mysql2/promise');
const { STATE_FILE } = require('./galera-cluster');

const QUERIES = 1500;
const SETTINGS = [0, 3, 0, 3];

async function main() {
  if (!fs.existsSync(STATE_FILE)) {
    console.error('No cluster: start one with `npm run cluster:up` first.');
    process.exit(1);
  }
  const { nodes } = JSON.parse(fs.readFileSync(STATE_FILE, 'utf8'));
  const connect = (i) =>
    mysql.createConnection({ host: '127.0.0.1', port: nodes[i].sqlPort, user: 'root' });
  const setup = await connect(0);
  await setup.query('DROP DATABASE IF EXISTS sync_wait_cost');
  await setup.query('CREATE DATABASE sync_wait_cost');
  await setup.query(
    'CREATE TABLE sync_wait_cost.t (id int AUTO_INCREMENT PRIMARY KEY, owner int, v varchar(50), KEY (owner))',
  );
  await setup.query(
    "INSERT INTO sync_wait_cost.t (owner, v) SELECT seq % 10, 'x' FROM sync_wait_cost.seq_1_to_2000",
  );

  async function measure(node, syncWait) {
    const connection = await connect(node);
    await connection.query(`SET SESSION wsrep_sync_wait = ${syncWait}`);
    const ms = [];
    for (let i = 0; i < QUERIES; i++) {
      const started = process.hrtime.bigint();
      await connection.query('SELECT COUNT(*) FROM sync_wait_cost.t WHERE owner = ?', [i % 10]);
      ms.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    await connection.end();
    ms.sort((a, b) => a - b);
    const at = (q) => ms[Math.floor(ms.length * q)].toFixed(2);
    return `${nodes[node].name} wsrep_sync_wait=${syncWait}: p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, p99 ${at(0.99)} ms`;
  }

  for (const load of [false, true]) {
    let stop = false;
    const writers = load
      ? Array.from({ length: 4 }, async (_, w) => {
          const connection = await connect(0);
          while (!stop) {
            await connection.query("INSERT INTO sync_wait_cost.t (owner, v) VALUES (?, 'y')", [w]);
          }
          await connection.end();
        })
      : [];
    console.log(load ? `4 clients inserting through ${nodes[0].name}:` : 'idle cluster:');
    for (const node of [0, 1]) {
      for (const syncWait of SETTINGS) console.log(`  ${await measure(node, syncWait)}`);
    }
    stop = true;
    await Promise.all(writers);
  }
  await setup.query('DROP DATABASE sync_wait_cost');
  await setup.end();
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
