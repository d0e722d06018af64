#!/usr/bin/env node
// Checks the relative links of README.md and docs/**/*.md: every linked file or folder must
// exist, and every #fragment must be the anchor GitHub gives a heading of the target Markdown
// file (lower-cased, punctuation but hyphens and underscores dropped, spaces to hyphens,
// repeats suffixed -1, -2, ...). Links inside fenced code blocks and inline code are not links.
// Plain Node, no dependencies: `node scripts/check-doc-links.js` prints the problems and exits 1,
// or prints how many links it checked; `checkDocLinks(rootDir)` returns the problems.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

/** The Markdown files whose links are checked, relative to rootDir, '/'-separated. */
function docFiles(rootDir) {
  const files = [];
  if (fs.existsSync(path.join(rootDir, 'README.md'))) files.push('README.md');
  const walk = (relative) => {
    const entries = fs.readdirSync(path.join(rootDir, relative), { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile() && entry.name.toLowerCase().endsWith('.md')) files.push(child);
    }
  };
  if (fs.existsSync(path.join(rootDir, 'docs'))) walk('docs');
  return files;
}

/**
 * The lines of a Markdown text with fenced code blocks blanked out (their lines kept, empty, so
 * line numbers stay right). A fence is three or more backticks or tildes; it closes with at least
 * as many of the same character. Fences indented inside list items count too.
 */
function withoutFencedCode(text) {
  const lines = text.split(/\r?\n/);
  let fence = null;
  return lines.map((line) => {
    const match = /^\s*(`{3,}|~{3,})(.*)$/.exec(line);
    if (fence === null) {
      if (match && !(match[1][0] === '`' && match[2].includes('`'))) {
        fence = match[1];
        return '';
      }
      return line;
    }
    if (match && match[1][0] === fence[0] && match[1].length >= fence.length && !match[2].trim()) {
      fence = null;
    }
    return '';
  });
}

/**
 * Inline code spans replaced by spaces of the same length, so offsets stay right. A span may
 * run over lines but not past a blank line (the end of its paragraph).
 */
function withoutInlineCode(text) {
  return text
    .split(/(\n[ \t]*\n)/)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part.replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, (span) => span.replace(/[^\n]/g, ' ')),
    )
    .join('');
}

/** The text GitHub renders for a heading's Markdown (links, emphasis, tags and code marks gone). */
function headingText(markdown) {
  const parts = markdown.split(/(`+[^`]*`+)/);
  return parts
    .map((part, index) => {
      if (index % 2 === 1) return part.replace(/^`+|`+$/g, '');
      return part
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/!?\[([^\]]*)\]\[[^\]]*\]/g, '$1')
        .replace(/<[^>]+>/g, '')
        .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity, name) => {
          return { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' }[name];
        })
        .replace(/\*+|~~/g, '')
        .replace(/(^|[^\p{L}\p{N}])_+|_+(?=[^\p{L}\p{N}]|$)/gu, '$1');
    })
    .join('')
    .trim();
}

/** GitHub's anchor for a heading text (github-slugger, without the duplicate suffix). */
function slug(text) {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor of a Markdown text: its headings' slugs (repeats numbered) and HTML ids/names. */
function anchorsOf(text) {
  const lines = withoutFencedCode(text);
  const anchors = new Set();
  const occurrences = new Map();
  const add = (heading) => {
    const base = slug(headingText(heading));
    let result = base;
    while (occurrences.has(result)) {
      occurrences.set(base, occurrences.get(base) + 1);
      result = `${base}-${occurrences.get(base)}`;
    }
    occurrences.set(result, 0);
    anchors.add(result);
  };
  lines.forEach((line, index) => {
    const atx = /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (atx) {
      add(atx[1] || '');
    } else if (
      index + 1 < lines.length &&
      /^ {0,3}(=+|-+)[ \t]*$/.test(lines[index + 1]) &&
      line.trim() !== '' &&
      !/^ {0,3}([-*+]|\d+[.)])[ \t]/.test(line) &&
      !/^ {0,3}>/.test(line) &&
      (index === 0 || lines[index - 1].trim() === '')
    ) {
      add(line.trim());
    }
    for (const match of line.matchAll(/<[a-z][^>]*\s(?:id|name)\s*=\s*["']([^"']+)["']/gi)) {
      anchors.add(match[1]);
    }
  });
  return anchors;
}

/** Every link of a Markdown text, outside code: { line, target }. */
function linksOf(text) {
  const source = withoutInlineCode(withoutFencedCode(text).join('\n'));
  const lineAt = (offset) => source.slice(0, offset).split('\n').length;
  const found = [];
  const inline =
    /!?\[(?:[^[\]]|\[[^[\]]*\])*\]\(\s*(<[^>\n]*>|(?:[^\s()]|\([^\s()]*\))*)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g;
  for (const match of source.matchAll(inline)) {
    found.push({ offset: match.index, target: match[1].replace(/^<|>$/g, '') });
  }
  const definition = /^ {0,3}\[[^\]\n]+\]:[ \t]*(<[^>\n]*>|\S+)/gm;
  for (const match of source.matchAll(definition)) {
    found.push({ offset: match.index, target: match[1].replace(/^<|>$/g, '') });
  }
  const html = /<(?:a|img|source)\s[^>]*?\b(?:href|src)\s*=\s*["']([^"']*)["']/gi;
  for (const match of source.matchAll(html)) {
    found.push({ offset: match.index, target: match[1] });
  }
  return found
    .sort((a, b) => a.offset - b.offset)
    .map(({ offset, target }) => ({ line: lineAt(offset), target }));
}

/** Whether a link target leaves the repository's files: a URL with a scheme, or //host/... */
function isExternal(target) {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');
}

function decode(part) {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** Checks every relative link; returns { links: how many were checked, problems }. */
function scanDocLinks(rootDir) {
  const root = path.resolve(rootDir);
  const anchorCache = new Map();
  const anchorsOfFile = (file) => {
    if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(fs.readFileSync(file, 'utf8')));
    return anchorCache.get(file);
  };
  const problems = [];
  let links = 0;
  for (const relative of docFiles(root)) {
    const file = path.join(root, relative);
    for (const { line, target } of linksOf(fs.readFileSync(file, 'utf8'))) {
      if (target === '' || isExternal(target)) continue;
      links += 1;
      const problem = (what) => problems.push(`${relative}:${line}: ${target}: ${what}`);
      const hash = target.indexOf('#');
      const pathPart = (hash === -1 ? target : target.slice(0, hash)).replace(/\?.*$/, '');
      const fragment = hash === -1 ? null : decode(target.slice(hash + 1));
      let resolved = file;
      if (pathPart !== '') {
        const decoded = decode(pathPart);
        resolved = decoded.startsWith('/')
          ? path.join(root, decoded)
          : path.resolve(path.dirname(file), decoded);
        if (resolved !== root && !resolved.startsWith(root + path.sep)) {
          problem('outside the repository');
          continue;
        }
        if (!fs.existsSync(resolved)) {
          problem('no such file or folder');
          continue;
        }
      }
      if (fragment === null) continue;
      if (!/\.md$/i.test(resolved) || !fs.statSync(resolved).isFile()) continue;
      if (!anchorsOfFile(resolved).has(fragment)) problem('no heading with that anchor');
    }
  }
  return { links, problems };
}

/** The problems of every relative link of README.md and docs/**\/*.md; [] when all resolve. */
function checkDocLinks(rootDir) {
  return scanDocLinks(rootDir).problems;
}

module.exports = { checkDocLinks, scanDocLinks, anchorsOf, linksOf, slug, headingText };

if (require.main === module) {
  const { links, problems } = scanDocLinks(path.join(__dirname, '..'));
  if (problems.length > 0) {
    for (const problem of problems) console.error(problem);
    console.error(`${problems.length} of ${links} links do not resolve`);
    process.exit(1);
  }
  console.log(`${links} links checked, all resolve`);
}
