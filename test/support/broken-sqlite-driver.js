// Preloaded by tests (NODE_OPTIONS=--require): better-sqlite3 as it behaves when its compiled
// part was built for another Node; opening a database throws the loader's error.
const Module = require('node:module');

const path = require.resolve('better-sqlite3', { paths: [process.cwd()] });
const broken = new Module(path);
broken.filename = path;
broken.loaded = true;
broken.exports = function Database() {
  throw new Error("Module did not self-register: '.../better_sqlite3.node'.");
};
require.cache[path] = broken;
