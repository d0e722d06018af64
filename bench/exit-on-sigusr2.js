// Preloaded into the server when the benchmark profiles it (--cpu-prof): V8 writes the profile
// only when the process exits by itself, so the benchmark stops it with SIGUSR2, not SIGTERM.
'use strict';
process.on('SIGUSR2', () => process.exit(0));
