// --webhook: the receiver, the benchmark's user's subscription switched on and off per turn,
// and what was delivered.
'use strict';

const { spawn } = require('node:child_process');
const { join } = require('node:path');

/**
 * `--webhook`: starts the receiver process and subscribes the benchmark's user to every event
 * through the service's API. Returns the receiver.
 */
async function subscribeWebhook(servers, seed, options, db) {
  const receiver = spawn(process.execPath, [join(__dirname, '..', 'webhook-receiver.js')], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { port } = await new Promise((resolve) => receiver.once('message', resolve));
  const service = servers.find((server) => server.kind === 'service');
  const response = await fetch(`${service.baseUrl}/api/v1/webhooks`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${seed.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ url: `http://127.0.0.1:${port}/bench`, events: ['*'] }),
  });
  if (response.status !== 201) throw new Error(`webhook not created: ${await response.text()}`);
  // The service takes a second turn in each round, "service +webhook", with the webhook on;
  // every other turn has it off (no event is written for an inactive webhook, and its pending
  // deliveries wait): the outbox's cost, measured in one run, turn by turn.
  const { id } = await response.json();
  servers.push({ ...service, name: 'service +webhook', webhookActive: true });
  let active = true;
  options.switchWebhook = async (on) => {
    if (on === active) return;
    // Paced (`--rate`): the deliveries of the turn that ends go out before the webhook is
    // turned off, or they would wait for its next turn and count that wait as lag. Twice
    // empty, 250 ms apart: the requests autocannon left in flight commit meanwhile.
    if (!on && options.rate !== undefined && !options.noDelivery) {
      const pending = async () =>
        Number((await db.all('SELECT COUNT(*) AS n FROM webhook_deliveries'))[0].n);
      const drainUntil = Date.now() + 30_000;
      for (let empty = 0; empty < 2 && Date.now() < drainUntil;) {
        empty = (await pending()) === 0 ? empty + 1 : 0;
        await new Promise((resolve) => setTimeout(resolve, empty === 1 ? 250 : 50));
      }
    }
    const patched = await fetch(`${service.baseUrl}/api/v1/webhooks/${id}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${seed.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ active: on }),
    });
    if (patched.status !== 200) throw new Error(`webhook not switched: ${await patched.text()}`);
    active = on;
  };
  return receiver;
}

/** What the receiver got during the load and after it, until the outbox is empty. */
async function reportWebhook(receiver, db, loadStart, loadEnd, options) {
  const summary = () =>
    new Promise((resolve) => {
      receiver.once('message', resolve);
      receiver.send('summary');
    });
  const pending = async () =>
    Number((await db.all('SELECT COUNT(*) AS n FROM webhook_deliveries'))[0].n);
  const atLoadEnd = await summary();
  const leftAtLoadEnd = await pending();
  const drainStart = Date.now();
  // Without delivery (`--no-delivery`) nothing drains.
  while (!options.noDelivery && (await pending()) > 0 && Date.now() - drainStart < 120_000) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const final = await summary();
  receiver.disconnect();
  const events = await db.all('SELECT COUNT(*) AS n FROM webhook_attempts');
  const result = {
    deliveredDuringLoad: atLoadEnd.count,
    loadSeconds: (loadEnd - loadStart) / 1000,
    eventsPerSecondDuringLoad: Math.round(atLoadEnd.count / ((loadEnd - loadStart) / 1000)),
    pendingAtLoadEnd: leftAtLoadEnd,
    drainedInMs: Date.now() - drainStart,
    delivered: final.count,
    distinctEvents: final.distinct,
    attemptsLogged: Number(events[0].n),
    lagMs: final.lagMs,
  };
  console.log(
    `\nWebhook: ${result.delivered} deliveries (${result.distinctEvents} distinct events), ` +
      `${result.eventsPerSecondDuringLoad} events/s during the load (${result.deliveredDuringLoad} in ${result.loadSeconds.toFixed(0)} s), ` +
      `${result.pendingAtLoadEnd} pending when it ended, drained in ${result.drainedInMs} ms; ` +
      `lag from write to receipt p50 ${result.lagMs.p50} ms, p99 ${result.lagMs.p99} ms, max ${result.lagMs.max} ms`,
  );
  return result;
}

module.exports = { subscribeWebhook, reportWebhook };
