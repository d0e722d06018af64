// Memory, CPU time and system calls from /proc, for a server and every process it started.
'use strict';

const { readFileSync } = require('node:fs');

/** How often the resident memory of every server process is read. */
const MEMORY_SAMPLE_MS = 100;

/** The process and its descendants (cluster workers), from /proc/<pid>/task/<pid>/children. */
function processTree(pid) {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    try {
      const children = readFileSync(`/proc/${pids[i]}/task/${pids[i]}/children`, 'utf8');
      for (const child of children.split(' ')) if (child.trim()) pids.push(Number(child));
    } catch {
      // gone, or no children file
    }
  }
  return pids;
}

/** A process's memory figures (kB) from /proc: current and peak resident set. */
function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name) => Number((status.match(new RegExp(`^${name}:\\s+(\\d+)`, 'm')) ?? [])[1]);
    return { rssKb: field('VmRSS'), peakKb: field('VmHWM') };
  } catch {
    return { rssKb: 0, peakKb: 0 };
  }
}

/** CPU time (user + system, ms) a process has used so far, from /proc/<pid>/stat. */
function cpuMsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the file, in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** System calls (reads, writes) a process has made so far, from /proc/<pid>/io. */
function syscallsOf(pid) {
  try {
    const io = readFileSync(`/proc/${pid}/io`, 'utf8');
    const field = (name) => Number(new RegExp(`^${name}: (\\d+)`, 'm').exec(io)?.[1] ?? 0);
    return { reads: field('syscr'), writes: field('syscw') };
  } catch {
    return { reads: 0, writes: 0 };
  }
}

const treeSyscalls = (pid) =>
  processTree(pid).reduce(
    (sum, p) => {
      const calls = syscallsOf(p);
      return { reads: sum.reads + calls.reads, writes: sum.writes + calls.writes };
    },
    { reads: 0, writes: 0 },
  );
const treeRssKb = (pid) => processTree(pid).reduce((sum, p) => sum + memoryOf(p).rssKb, 0);
const treeCpuMs = (pid) => processTree(pid).reduce((sum, p) => sum + cpuMsOf(p), 0);

module.exports = {
  MEMORY_SAMPLE_MS,
  processTree,
  memoryOf,
  cpuMsOf,
  treeSyscalls,
  treeRssKb,
  treeCpuMs,
};
