// Preloaded (`node --require`) by the tests of the CLI's argument checks: a command that loads
// Nest, TypeORM or a database driver before refusing its arguments exits 99 and says what.
const Module = require('node:module');

const load = Module._load;
Module._load = function loadUnlessForbidden(request, ...rest) {
  if (/^(@nestjs\/|typeorm$|mysql2|better-sqlite3)/.test(request)) {
    process.stderr.write(`loaded ${request} before the arguments were checked\n`);
    process.exit(99);
  }
  return load.call(this, request, ...rest);
};
