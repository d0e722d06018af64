// Preloaded into the servers the benchmark starts (`node -r bench/server-probe.js`). Over the
// IPC channel it answers the benchmark's questions about the process: its heap (optionally after
// a full garbage collection, to tell live data from garbage not yet collected), CPU profiles of
// exactly the measured part of a case (`--cpu-prof`) and what it allocates (`--alloc-prof`). Costs nothing per request while idle.
// Only the process the benchmark started answers (not cluster workers).
'use strict';
const cluster = require('node:cluster');
const { writeFileSync } = require('node:fs');
const inspector = require('node:inspector');
const v8 = require('node:v8');
const vm = require('node:vm');

const mb = (bytes) => Math.round((bytes / 2 ** 20) * 10) / 10;

function heap(collectFirst) {
  if (collectFirst) {
    v8.setFlagsFromString('--expose-gc');
    vm.runInNewContext('gc')();
  }
  const usage = process.memoryUsage();
  const spaces = {};
  for (const space of v8.getHeapSpaceStatistics()) {
    spaces[space.space_name] = { sizeMb: mb(space.space_size), usedMb: mb(space.space_used_size) };
  }
  return {
    rssMb: mb(usage.rss),
    heapTotalMb: mb(usage.heapTotal),
    heapUsedMb: mb(usage.heapUsed),
    externalMb: mb(usage.external),
    arrayBuffersMb: mb(usage.arrayBuffers),
    spaces,
  };
}

let session;
const post = (method, params) =>
  new Promise((resolve, reject) =>
    session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
  );

async function answer(message) {
  if (message.probe === 'heap') return heap(message.gc === true);
  if (message.probe === 'profile-start') {
    session ??= new inspector.Session();
    session.connect();
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: message.intervalUs ?? 500 });
    await post('Profiler.start');
    return { started: true };
  }
  if (message.probe === 'profile-stop') {
    const { profile } = await post('Profiler.stop');
    session.disconnect();
    writeFileSync(message.file, JSON.stringify(profile));
    return { file: message.file };
  }
  if (message.probe === 'snapshot') return { file: v8.writeHeapSnapshot(message.file) };
  if (message.probe === 'allocations-start') {
    // Every allocation, also of objects the garbage collector has freed since: what a request
    // allocates, not what stays.
    session ??= new inspector.Session();
    session.connect();
    await post('HeapProfiler.enable');
    await post('HeapProfiler.startSampling', {
      samplingInterval: message.intervalBytes ?? 8192,
      includeObjectsCollectedByMajorGC: true,
      // false: only what survived a young-generation collection (promoted, or still alive).
      includeObjectsCollectedByMinorGC: message.includeYoungGarbage ?? true,
    });
    return { started: true };
  }
  if (message.probe === 'allocations-stop') {
    const { profile } = await post('HeapProfiler.stopSampling');
    session.disconnect();
    writeFileSync(message.file, JSON.stringify(profile));
    return { file: message.file };
  }
  return { error: `unknown probe ${message.probe}` };
}

if (typeof process.send === 'function' && cluster.isPrimary) {
  process.on('message', (message) => {
    if (!message || typeof message.probe !== 'string') return;
    answer(message).then(
      (result) => process.send({ probeAnswer: result }),
      (error) => process.send({ probeAnswer: { error: String(error) } }),
    );
  });
  // The channel must not keep a server alive that is asked to stop.
  process.channel?.unref();
}
