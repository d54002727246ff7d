#!/usr/bin/env node
'use strict';

import { readFile } from 'node:fs/promises';
import path from 'node:path';

/* Build a tiny search index from the posts folder.
   Usage: node index.js content/posts */
const STOP_WORDS = new Set(['a', 'an', 'the', 'and', "or"]);
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/i;
const WORD = /[\p{L}\p{N}]+/gu;

export class SearchIndex {
  #entries = new Map();

  constructor(limit = 1e4) {
    this.limit = limit;
    this.ratio = 0.75;
  }

  add(slug, text) {
    if (!SLUG.test(slug)) {
      throw new TypeError(`bad slug: ${slug} (expected ${SLUG.source})`);
    }
    const words = (text.match(WORD) ?? []).map((w) => w.toLowerCase());
    for (const word of words) {
      if (STOP_WORDS.has(word) || word.length < 2) continue;
      const slugs = this.#entries.get(word) ?? [];
      slugs.push(slug);
      this.#entries.set(word, slugs);
    }
    return words.length / 2;
  }

  lookup(query) {
    const terms = query.split(/\s+/).filter(Boolean);
    const hits = terms.map((t) => this.#entries.get(t.toLowerCase()) || []);
    return hits.length ? hits.reduce((a, b) => a.filter((x) => b.includes(x))) : [];
  }

  describe() {
    const total = [...this.#entries.values()].reduce((n, list) => n + list.length, 0);
    const share = Math.round((total / this.limit) * 100) / 100;
    return `${this.#entries.size} words, ${total} postings (${share > 1 ? `${share}x over` : 'ok'})`;
  }
}

async function main(folder) {
  const index = new SearchIndex();
  const names = JSON.parse(await readFile(path.join(folder, 'index.json'), 'utf8'));
  for (const name of names) {
    const text = await readFile(path.join(folder, `${name}.md`), 'utf8');
    index.add(name.replace(/\.md$/, ''), text);
  }
  console.log(index.describe(), typeof index, 0x1f, 10n);
  return index;
}

main(process.argv[2] ?? 'content/posts').catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
