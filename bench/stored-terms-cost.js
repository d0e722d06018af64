'use strict';
// What an update or a delete pays in the service to work a document's postings out from its
// stored terms (the index keeps no list of them): count the stored text's terms, weigh them
// with the title's, and map each to its id (all ids known, as the process remembers them).
// Prints the microseconds per document of the search corpus (bench/search-corpus.js, about
// 5 KB of HTML each), and beside it what reading them from an index by document cost the
// service (parsing the `[[term id, weight], ...]` list the database sent). Needs a build
// (`npx nest build`).
//
//   node bench/stored-terms-cost.js [--docs 2000] [--rounds 10]
const { join } = require('node:path');
const { documentNumber } = require('./search-corpus');

const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const dist = join(__dirname, '..', 'dist', 'src', 'common', 'text');
const { indexTerms, countTerms, termWeights } = require(join(dist, 'search-terms.js'));
const { textOfHtml } = require(join(dist, 'html-text.js'));

const docs = Array.from({ length: option('docs', 2000) }, (_, index) => {
  const { title, html } = documentNumber(index + 1);
  return { searchTitle: indexTerms(title), searchBody: indexTerms(textOfHtml(html)) };
});
const ids = new Map();
const postingsOf = (doc) => {
  const byId = new Map();
  for (const [term, weight] of termWeights(doc.searchTitle, countTerms(doc.searchBody))) {
    if (!ids.has(term)) ids.set(term, ids.size + 1);
    byId.set(ids.get(term), weight);
  }
  return byId;
};
// Every id known, and the functions warmed up, before the timed rounds.
for (let round = 0; round < 3; round++) for (const doc of docs) postingsOf(doc);
const rounds = option('rounds', 10);
let postings = 0;
const started = process.hrtime.bigint();
for (let round = 0; round < rounds; round++)
  for (const doc of docs) postings += postingsOf(doc).size;
const micros = Number(process.hrtime.bigint() - started) / 1000 / (rounds * docs.length);
const stored = docs.reduce((sum, doc) => sum + doc.searchBody.length, 0) / docs.length;
console.log(
  `${micros.toFixed(1)} µs per document (${stored.toFixed(0)} characters of stored terms, ${(postings / rounds / docs.length).toFixed(0)} postings each), Node ${process.version}`,
);

const lists = docs.map((doc) => JSON.stringify([...postingsOf(doc)]));
const parsed = (list) =>
  new Map(JSON.parse(list).map(([term, weight]) => [Number(term), Number(weight)]));
for (let round = 0; round < 3; round++) for (const list of lists) parsed(list);
const parseStarted = process.hrtime.bigint();
for (let round = 0; round < rounds; round++) for (const list of lists) parsed(list);
const parseMicros = Number(process.hrtime.bigint() - parseStarted) / 1000 / (rounds * docs.length);
console.log(
  `${parseMicros.toFixed(1)} µs per document to parse the list an index by document sent`,
);
