#!/usr/bin/env node
// Runs the real query core (templates/assets/search.js, or the copy a build wrote)
// against a built site's folder, with a fetch that reads the files from disk.
//
//   node search_query.js SEARCH_JS OUTPUT_DIR QUERY...
//
// Prints one JSON line per query: {"query", "results": [{title, url, ...}], "total",
// "fetched": [paths read], "first": [the URLs onFirst was given, or null]}. Exits 1 when a query fails.
"use strict";
const fs = require("fs");
const path = require("path");

const [scriptPath, outputDir, ...queries] = process.argv.slice(2);
const origin = "http://localhost";
let fetched = [];

globalThis.fetch = async (url) => {
  const u = new URL(url);
  let file = path.join(outputDir, decodeURIComponent(u.pathname));
  if (u.pathname.endsWith("/")) file = path.join(file, "index.html");
  fetched.push(u.pathname);
  let text;
  try { text = fs.readFileSync(file, "utf8"); } catch (e) {
    return { ok: false, status: 404, json: async () => null, text: async () => "" };
  }
  return { ok: true, status: 200, json: async () => JSON.parse(text), text: async () => text };
};
globalThis.location = { href: origin + "/" };

const api = require(path.resolve(scriptPath));
api.configure({ base: origin + "/search/" });

(async () => {
  for (const query of queries) {
    fetched = [];
    // The first two results handed over early (as the search page draws its first five).
    let first = null;
    const answer = await api.search(query, { limit: 10, first: 2, onFirst: (early) => { first = early.results.map((r) => r.url); } });
    const marked = answer.results.map((r) => api.markHTML(r.excerpt, r.terms));
    console.log(JSON.stringify({ query, results: answer.results, total: answer.total, marked, fetched, first }));
  }
})().catch((e) => { console.error(String(e && e.stack || e)); process.exit(1); });
