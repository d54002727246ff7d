// blogbuild's search: answers a query from the index the build writes under
// search/ (docs/SEARCH.md), fetching only the few small files the query needs.
// Words are cut and folded exactly as Sources/BlogBuild/Search/SearchText.swift
// does; stems come from the index's dictionary, so no stemmer runs here.
(function (root) {
  "use strict";

  var LONGEST_PIECE = 40;
  var PREFIX_TERMS = 8;
  var PHRASE_PAGES = 40;
  var MIN_STEM = 3;
  var MAX_SUFFIX = 4;
  // Typos (docs/SEARCH.md): words of TYPO_MIN characters or more are found with one
  // character wrong, missing, added, or two neighbours swapped; at most TYPO_TERMS
  // of them stand for a word the index does not have.
  var TYPO_MIN = 5;
  var TYPO_TERMS = 3;
  var WORD = /[\p{L}\p{M}\p{N}_]/u;
  var MARK = /\p{M}/u;
  var UPPER = /\p{Uppercase}/u;
  var LOWER = /\p{Lowercase}/u;
  var DIGIT = /\p{Nd}/u;

  function isWord(c) { return WORD.test(c); }
  function isMark(c) { return c.codePointAt(0) >= 0x300 && MARK.test(c); }
  function isUpper(c) { return UPPER.test(c); }
  function isLower(c) { return LOWER.test(c); }
  function isDigit(c) { return DIGIT.test(c); }
  function isCJK(c) {
    var v = c.codePointAt(0);
    return (v >= 0x1100 && v <= 0x11FF) || (v >= 0x3005 && v <= 0x3007) || (v >= 0x3040 && v <= 0x30FF) ||
      (v >= 0x3130 && v <= 0x318F) || (v >= 0x31F0 && v <= 0x31FF) || (v >= 0x3400 && v <= 0x4DBF) ||
      (v >= 0x4E00 && v <= 0x9FFF) || (v >= 0xAC00 && v <= 0xD7AF) || (v >= 0xF900 && v <= 0xFAFF) ||
      (v >= 0xFF66 && v <= 0xFF9F) || (v >= 0x20000 && v <= 0x2FFFF);
  }

  /** NFKD, nonspacing marks dropped, lowercased (SearchText.fold). */
  function fold(s) {
    return s.normalize("NFKD").replace(/\p{Mn}/gu, "").toLowerCase();
  }

  function isCaseBoundary(w, e) {
    if (!isUpper(w[e])) return false;
    var before = w[e - 1];
    if (isLower(before) || isDigit(before)) return true;
    return isUpper(before) && e + 1 < w.length && isLower(w[e + 1]);
  }

  // One run of word characters (an array of code point strings) → pieces.
  // Each piece: {text, cjk, position, start, end} (start/end: indexes into the run).
  function wordPieces(w, position, out) {
    var i = 0;
    while (i < w.length) {
      var cjk = isCJK(w[i]);
      var j = i + 1;
      while (j < w.length && (isCJK(w[j]) === cjk || isMark(w[j]))) j++;
      if (cjk) {
        var chars = [];
        for (var k = i; k < j;) {
          var e = k + 1;
          while (e < j && isMark(w[e])) e++;
          chars.push([k, e]);
          k = e;
        }
        if (chars.length === 1) {
          out.push({ text: fold(w.slice(i, j).join("")), cjk: true, position: position, start: i, end: j });
          position += 1;
        } else {
          for (var c = 0; c + 1 < chars.length; c++) {
            out.push({ text: fold(w.slice(chars[c][0], chars[c + 1][1]).join("")), cjk: true,
              position: position + c, start: chars[c][0], end: chars[c + 1][1] });
          }
          position += chars.length - 1;
        }
      } else {
        var parts = [];
        for (var p = i; p < j;) {
          if (w[p] === "_") { p++; continue; }
          var q = p + 1;
          while (q < j && w[q] !== "_" && !isCaseBoundary(w, q)) q++;
          parts.push([p, q]);
          p = q;
        }
        if (parts.length > 0) {
          var group = [];
          if (parts.length > 1) {
            var ws = parts[0][0], we = parts[parts.length - 1][1];
            if (we - ws <= LONGEST_PIECE) group.push([ws, we]);
          }
          for (var r = 0; r < parts.length; r++) {
            if (parts[r][1] - parts[r][0] <= LONGEST_PIECE) group.push(parts[r]);
          }
          for (var g = 0; g < group.length; g++) {
            var t = fold(w.slice(group[g][0], group[g][1]).join(""));
            if (t) out.push({ text: t, cjk: false, position: position, start: group[g][0], end: group[g][1] });
          }
          position += 1;
        }
      }
      i = j;
    }
    return position;
  }

  /**
   * The pieces of `text` as the index cut them: [{text, cjk, position, from, to}],
   * from/to being UTF-16 offsets of the piece's characters in `text`.
   */
  function pieces(text) {
    var out = [];
    var position = 0;
    var word = [], offsets = [];
    var chars = Array.from(text);
    var offset = 0;
    function flush() {
      if (!word.length) return;
      var first = out.length;
      position = wordPieces(word, position, out);
      for (var n = first; n < out.length; n++) {
        var pc = out[n];
        pc.from = offsets[pc.start];
        pc.to = pc.end < offsets.length ? offsets[pc.end] : offsets[offsets.length - 1] + word[word.length - 1].length;
      }
      word = []; offsets = [];
    }
    for (var i = 0; i < chars.length; i++) {
      var ch = chars[i];
      if (isWord(ch)) { word.push(ch); offsets.push(offset); } else flush();
      offset += ch.length;
    }
    flush();
    return out;
  }

  // ---------------------------------------------------------------- fetching

  var base = null;
  var cache = new Map();
  // Read while the script runs: currentScript is null later.
  var script = root.document && root.document.currentScript;
  var scriptBase = script && script.src ? new URL("../search/", script.src).href : null;

  function defaultBase() {
    if (scriptBase) return scriptBase;
    if (root.location) return new URL("/search/", root.location.href).href;
    return "/search/";
  }

  function fetchJSON(url) {
    if (cache.has(url)) return cache.get(url);
    var p = root.fetch(url).then(function (response) {
      if (response.status === 404) return null;
      if (!response.ok) throw new Error("search: " + url + ": HTTP " + response.status);
      return response.json();
    });
    p.catch(function () { cache.delete(url); });
    cache.set(url, p);
    return p;
  }

  // A page's HTML, once per URL however often asked (phrases and snippets both read pages).
  function fetchText(url) {
    var key = "text " + url;
    if (cache.has(key)) return cache.get(key);
    var p = root.fetch(url).then(function (response) {
      if (!response.ok) throw new Error("search: " + url + ": HTTP " + response.status);
      return response.text();
    });
    p.catch(function () { cache.delete(key); });
    cache.set(key, p);
    return p;
  }

  function indexFile(path) { return fetchJSON(new URL(path, base || (base = defaultBase())).href); }

  function keySet(keys) { return new Set(keys ? keys.split(" ") : []); }

  function manifest() {
    return indexFile("index.json").then(function (m) {
      if (!m || m.format !== 2) throw new Error("search: the index's format is not one this script reads");
      // The files there are: a key not listed is a file never written, not asked for.
      if (!m.dictKeys) { m.dictKeys = keySet(m.keys); m.nearKeys = keySet(m.near); m.namePages = new Set(m.named || []); }
      return m;
    });
  }

  // A dictionary or neighbour file's entries, [] when the index has no such file.
  function dictFile(m, key) { return m.dictKeys.has(key) ? indexFile("dict/" + key + ".json") : Promise.resolve([]); }
  function nearFile(m, key) { return m.nearKeys.has(key) ? indexFile("near/" + key + ".json") : Promise.resolve([]); }

  function dictName(word, length) {
    var name = "";
    var chars = Array.from(word).slice(0, length);
    for (var i = 0; i < chars.length; i++) {
      var c = chars[i];
      if (/^[a-z0-9]$/.test(c)) name += c; else name += "_" + c.codePointAt(0).toString(16) + "_";
    }
    return name;
  }

  function fnv1a(text) {
    var bytes = new TextEncoder().encode(text);
    var h = 0x811c9dc5;
    for (var i = 0; i < bytes.length; i++) {
      h ^= bytes[i];
      h = Math.imul(h, 16777619) >>> 0;
    }
    return h >>> 0;
  }

  // The terms a query word may be: [{term, surface}] (empty: the index has none).
  function termsFor(m, word, prefix) {
    if (word.cjk) return Promise.resolve([{ term: word.text, surface: word.text }]);
    return dictFile(m, dictName(word.text, m.dict)).then(function (entries) {
      var found = [];
      if (!entries) entries = [];
      var longEnough = Array.from(word.text).length >= 2;
      var matches = [];
      var best = null;
      for (var i = 0; i < entries.length; i++) {
        var e = entries[i];
        if (e[0] === word.text) found.push({ term: e.length > 2 ? e[2] : e[0], surface: e[0] });
        else if (prefix && longEnough && e[0].indexOf(word.text) === 0) matches.push(e);
      }
      matches.sort(function (a, b) {
        return b[1] - a[1] || a[0].length - b[0].length || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
      });
      if (!found.length && !word.exact) {
        // A word the site never uses: the longest index term that begins it, as
        // its own stem would (`rendering` → `render`), a suffix's length at most.
        for (var s = 0; s < entries.length; s++) {
          var t = entries[s].length > 2 ? entries[s][2] : entries[s][0];
          if (t.length >= MIN_STEM && word.text.length - t.length <= MAX_SUFFIX && word.text.indexOf(t) === 0 &&
              (!best || t.length > best.term.length)) best = { term: t, surface: t };
        }
        // An ending of one or two characters is an inflection (`walked` → `walk`); a
        // longer one may be a typo's (`webhok` is not `web`): a word one edit away
        // is taken before it.
        if (best && (word.text.length - best.term.length <= 2 || matches.length)) { found.push(best); best = null; }
      }
      for (var k = 0; k < matches.length && found.length < PREFIX_TERMS; k++) {
        found.push({ term: matches[k].length > 2 ? matches[k][2] : matches[k][0], surface: matches[k][0] });
      }
      if (found.length || word.exact) return found;
      return typoTerms(m, word, prefix, entries).then(function (typos) { return typos.length || !best ? typos : [best]; });
    });
  }

  // ---------------------------------------------------------------- typos

  // Whether a and b (arrays of characters) are one edit apart: one character
  // changed, left out or added, or two neighbours swapped.
  function oneEdit(a, b) {
    var la = a.length, lb = b.length;
    if (Math.abs(la - lb) > 1) return false;
    var i = 0;
    while (i < la && i < lb && a[i] === b[i]) i++;
    if (la > lb) return sameFrom(a, i + 1, b, i);
    if (la < lb) return sameFrom(a, i, b, i + 1);
    if (i === la) return false;
    return sameFrom(a, i + 1, b, i + 1) ||
      (i + 1 < la && a[i] === b[i + 1] && a[i + 1] === b[i] && sameFrom(a, i + 2, b, i + 2));
  }

  function sameFrom(a, i, b, j) {
    if (a.length - i !== b.length - j) return false;
    for (; i < a.length; i++, j++) if (a[i] !== b[j]) return false;
    return true;
  }

  // Whether the query word q may be a typo of the indexed word w (both arrays of
  // characters): w is long enough and one edit from q; for the word being typed,
  // a start of w one edit from q will do too.
  function typoOf(q, w, prefix) {
    if (w.length < TYPO_MIN || q.length < TYPO_MIN - 1) return false;
    if (oneEdit(q, w)) return true;
    if (!prefix || q.length < TYPO_MIN) return false;
    for (var k = q.length - 1; k <= q.length + 1; k++) if (k < w.length && oneEdit(q, w.slice(0, k))) return true;
    return false;
  }

  // The terms for a word the index does not have, taken for a typo: the words one
  // edit from it in its own dictionary file (a typo after the first two
  // characters), else in the few files a typo in the first two leaves the word
  // in: the dictionary files of the word without its first or second character
  // (one added there) or with them swapped, and the neighbour files of the word
  // itself and without its first or second character (one changed or left out
  // there; Search/SearchTypos.swift). Most frequent first, TYPO_TERMS at most.
  function typoTerms(m, word, prefix, own) {
    var q = Array.from(word.text);
    if (q.length < TYPO_MIN - 1) return Promise.resolve([]);
    function best(lists) {
      var seen = new Map();
      lists.forEach(function (entries) {
        (entries || []).forEach(function (e) {
          if (seen.has(e.surface) || !typoOf(q, Array.from(e.surface), prefix)) return;
          seen.set(e.surface, e);
        });
      });
      return Array.from(seen.values()).sort(function (a, b) {
        return b.df - a.df || a.surface.length - b.surface.length || (a.surface < b.surface ? -1 : a.surface > b.surface ? 1 : 0);
      }).slice(0, TYPO_TERMS).map(function (e) { return { term: e.term, surface: e.surface }; });
    }
    function dictEntries(entries) {
      return (entries || []).map(function (e) { return { surface: e[0], df: e[1], term: e.length > 2 ? e[2] : e[0] }; });
    }
    function nearEntries(entries) {
      return (entries || []).map(function (e) { return { surface: e[1], df: e[2], term: e.length > 3 ? e[3] : e[1] }; });
    }
    var found = best([dictEntries(own)]);
    if (found.length) return Promise.resolve(found);
    var ownKey = dictName(word.text, m.dict);
    var first = q.slice(1).join(""), second = q[0] + q.slice(2).join(""), swapped = q[1] + q[0] + q.slice(2).join("");
    var dictKeys = [dictName(first, m.dict), dictName(second, m.dict), dictName(swapped, m.dict)];
    dictKeys = dictKeys.filter(function (k, i) { return k !== ownKey && dictKeys.indexOf(k) === i; });
    var nearKeys = [dictName(first, m.dict), dictName(second, m.dict), ownKey];
    nearKeys = nearKeys.filter(function (k, i) { return nearKeys.indexOf(k) === i; });
    return Promise.all(dictKeys.map(function (k) { return dictFile(m, k).then(dictEntries); })
      .concat(nearKeys.map(function (k) { return nearFile(m, k).then(nearEntries); }))).then(best);
  }

  // A term's postings as the index writes them: [Δid, w, Δid, w, …] (w: tf × 2 + title bit).
  function postingsFor(m, term) {
    return indexFile("post/" + (fnv1a(term) % m.buckets) + ".json").then(function (bucket) {
      return bucket && Object.prototype.hasOwnProperty.call(bucket, term) ? bucket[term] : [];
    });
  }

  function record(m, id) {
    var file = Math.floor(id / m.perRecordFile);
    return indexFile("doc/" + file + ".json").then(function (records) { return records[id - file * m.perRecordFile]; });
  }

  // ---------------------------------------------------------------- queries

  // The query's words: [{text, cjk, phrase: index or -1, prefix}], one per position
  // (an identifier's whole stands for it), and the phrases as lists of words.
  function parseQuery(query) {
    var words = [], phrases = [];
    var segments = query.split('"');
    for (var s = 0; s < segments.length; s++) {
      var inQuote = s % 2 === 1;
      var found = pieces(segments[s]);
      var phrase = inQuote ? phrases.length : -1;
      var list = [];
      var lastPosition = -1;
      for (var i = 0; i < found.length; i++) {
        var piece = found[i];
        if (piece.position === lastPosition && !piece.cjk) continue;
        lastPosition = piece.position;
        var w = { text: piece.text, cjk: piece.cjk, phrase: phrase, prefix: false, exact: inQuote };
        list.push(w);
        words.push(w);
      }
      if (inQuote && list.length) phrases.push(list);
    }
    // The word being typed: the last, unless a space or a quote ends the query.
    var last = words[words.length - 1];
    if (last && last.phrase < 0 && !last.cjk && /[\p{L}\p{M}\p{N}_]$/u.test(query)) last.prefix = true;
    return { words: words, phrases: phrases };
  }

  // HTML's character references, as the text a reader sees.
  function decodeEntities(text) {
    return text.replace(/&(#x[0-9a-f]+|#[0-9]+|amp|lt|gt|quot|apos|nbsp);/gi, function (_, e) {
      var lower = e.toLowerCase();
      if (lower[0] === "#") {
        var n = lower[1] === "x" ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
        try { return String.fromCodePoint(n); } catch (err) { return " "; }
      }
      return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " }[lower];
    });
  }

  // The part of a page that is its own: the <article> (else <main>).
  function pageMain(html) {
    var from = html.search(/<article[\s>]/i);
    var to = from >= 0 ? html.indexOf("</article>", from) : -1;
    if (from < 0) { from = html.search(/<main[\s>]/i); to = from >= 0 ? html.indexOf("</main>", from) : -1; }
    return from >= 0 && to > from ? html.slice(from, to) : html;
  }

  function withoutHiddenParts(html) {
    return html
      .replace(/<(script|style|template|textarea|title)[\s>][\s\S]*?<\/\1\s*>/gi, " ")
      .replace(/<!--[\s\S]*?-->/g, " ");
  }

  function pageText(html) {
    return decodeEntities(withoutHiddenParts(pageMain(html))
      .replace(/<\/?(a|b|i|s|u|em|del|ins|span|code|mark|abbr|strong)(\s[^>]*)?>/gi, "")
      .replace(/<[^>]*>/g, " "));
  }

  // Elements that start a new line of text (a sentence never runs across them).
  var BLOCK = /^(address|article|aside|blockquote|br|caption|dd|details|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|summary|table|td|th|tr|ul)$/i;

  /**
   * A page's body (what the index read as the document's text: not its title,
   * date, tags or related posts) as its sentences, in order. Lines break at block
   * elements and line breaks (a code block's lines are sentences of their own);
   * sentences at `.`, `!`, `?` and a space, or at `。`, `！`, `？`.
   */
  function pageSentences(html) {
    var main = withoutHiddenParts(pageMain(html));
    var content = main.search(/<div class="content"[\s>]/i);
    if (content >= 0) main = main.slice(content);
    main = main
      .replace(/<(header|footer|nav)[\s>][\s\S]*?<\/\1\s*>/gi, "\n")
      .replace(/<\/?([a-z][a-z0-9]*)(\s[^>]*)?\/?>/gi, function (tag, name) { return BLOCK.test(name) ? "\n" : ""; })
      .replace(/<[^>]*>/g, "");
    var out = [];
    decodeEntities(main).split("\n").forEach(function (line) {
      // (Marked, then split: a look-behind in a pattern is a syntax error on Safari before 16.4.)
      line.replace(/([.!?])\s+(?=\S)/g, "$1\u0000").replace(/([\u3002\uFF01\uFF1F])/g, "$1\u0000").split("\u0000").forEach(function (sentence) {
        sentence = sentence.replace(/\s+/g, " ").trim();
        if (sentence) out.push(sentence);
      });
    });
    return out;
  }

  var SNIPPET = 220, SNIPPET_LEAD = 60;

  /**
   * The sentence of `sentences` with the most of the query's words (`words`: per
   * word, the folded texts that stand for it), the first of them on a tie, cut to
   * about SNIPPET characters around its first match ("…" where cut); "" when no
   * sentence has any.
   */
  function snippet(sentences, words) {
    var all = [];
    words.forEach(function (texts) { all = all.concat(texts); });
    var best = null, bestCount = 0, bestFrom = 0;
    sentences.forEach(function (sentence) {
      var found = mark(sentence, all), at = 0, from = -1, seen = [];
      found.forEach(function (piece) {
        if (piece.match) {
          if (from < 0) from = at;
          var text = fold(piece.text);
          words.forEach(function (texts, k) {
            if (seen.indexOf(k) < 0 && matchesAny(text, texts)) seen.push(k);
          });
        }
        at += piece.text.length;
      });
      if (seen.length > bestCount) { best = sentence; bestCount = seen.length; bestFrom = from; }
    });
    if (!best) return "";
    if (best.length <= SNIPPET) return best;
    var start = Math.max(0, Math.min(bestFrom - SNIPPET_LEAD, best.length - SNIPPET));
    if (start > 0) {
      // From the start of a word (text without spaces, as Chinese, is cut anywhere).
      var space = best.lastIndexOf(" ", start);
      if (space > start - 20 && space >= 0) start = space + 1;
    }
    var end = Math.min(best.length, start + SNIPPET);
    if (end < best.length) {
      var stop = best.lastIndexOf(" ", end);
      if (stop > start + SNIPPET / 2) end = stop;
    }
    return (start > 0 ? "\u2026" : "") + best.slice(start, end).trim() + (end < best.length ? "\u2026" : "");
  }

  // Whether a marked text is one of a word's texts (or begins with one of its stems).
  function matchesAny(text, texts) {
    return texts.some(function (t) {
      return text === t || text.indexOf(t) === 0 && Array.from(t).length >= 3 || Array.from(text).indexOf(t) >= 0;
    });
  }

  // True when every phrase's words stand next to each other, in order, in `text`.
  function hasPhrases(text, phrases) {
    var at = new Map();
    var found = pieces(text);
    for (var i = 0; i < found.length; i++) {
      var key = found[i].text + "\u0000" + found[i].position;
      at.set(key, true);
    }
    return phrases.every(function (phrase) {
      for (var p = 0; p < found.length; p++) {
        if (found[p].text !== phrase[0].text) continue;
        var start = found[p].position, ok = true;
        for (var k = 1; k < phrase.length && ok; k++) ok = at.has(phrase[k].text + "\u0000" + (start + k));
        if (ok) return true;
      }
      return false;
    });
  }

  function siteURL(path) {
    return new URL("../" + path, base || (base = defaultBase())).pathname;
  }

  /**
   * Results for `query`, best first: {results: [{title, url, date, dateText,
   * excerpt, tags, terms}], total, terms}. With options.first and options.onFirst, onFirst is
   * called with the first `first` results as soon as their records are loaded;
   * the others' records are loaded after that. See docs/SEARCH.md.
   */
  function search(query, options) {
    var limit = (options && options.limit) || 10;
    var parsed = parseQuery(String(query || ""));
    if (!parsed.words.length) return Promise.resolve({ results: [], total: 0, terms: [] });
    return manifest().then(function (m) {
      return Promise.all(parsed.words.map(function (w) {
        return termsFor(m, w, w.prefix && w.phrase < 0).then(function (alternatives) {
          return Promise.all(alternatives.map(function (a) { return postingsFor(m, a.term); }))
            .then(function (lists) { return { word: w, alternatives: alternatives, lists: lists }; });
        });
      })).then(function (matched) {
        var marks = [];
        matched.forEach(function (mw) {
          marks.push(mw.word.text);
          mw.alternatives.forEach(function (a) { marks.push(a.surface, a.term); });
        });
        marks = marks.filter(function (t, i) { return marks.indexOf(t) === i; });
        // Per word, its best term's score and whether a title has it, by document id,
        // in arrays as long as the index has documents (a common word has thousands).
        var docs = m.docs;
        var perWord = matched.map(function (mw) {
          var score = new Float64Array(docs), title = new Uint8Array(docs), ids = [];
          mw.lists.forEach(function (flat) {
            var idf = Math.log(1 + docs / Math.max(1, flat.length >> 1));
            for (var i = 0, id = 0; i + 1 < flat.length; i += 2) {
              id += flat[i];
              if (id >= docs) break;
              var w = flat[i + 1], s = (w >> 1) * idf;
              if (score[id] === 0) ids.push(id);
              if (s > score[id]) score[id] = s;
              title[id] |= w & 1;
            }
          });
          return { score: score, title: title, ids: ids };
        });
        // Every word must match (AND): start from the word with the fewest documents.
        perWord.sort(function (a, b) { return a.ids.length - b.ids.length; });
        var hits = [];
        if (perWord.length) {
          perWord[0].ids.forEach(function (id) {
            var titles = 0, score = 0;
            for (var k = 0; k < perWord.length; k++) {
              var s = perWord[k].score[id];
              if (s === 0) return;
              titles += perWord[k].title[id];
              score += s;
            }
            hits.push({ id: id, titles: titles, score: score });
          });
        }
        // Among as many title words, the own page of what the title names (an app, a series) first.
        hits.forEach(function (hit) { hit.named = hit.titles > 0 && m.namePages.has(hit.id) ? 1 : 0; });
        hits.sort(function (a, b) { return b.titles - a.titles || b.named - a.named || b.score - a.score || a.id - b.id; });
        var shown = parsed.phrases.length ? verifyPhrases(m, hits, parsed.phrases, limit) : Promise.resolve({ hits: hits.slice(0, limit), total: hits.length });
        // Per word, the folded texts that stand for it: what a snippet's sentence is chosen by.
        var wordTexts = matched.map(function (mw) {
          var texts = [mw.word.text];
          mw.alternatives.forEach(function (a) { texts.push(a.surface, a.term); });
          return texts.filter(function (t, i) { return t && texts.indexOf(t) === i; });
        });
        var snippets = !(options && options.snippets === false);
        return shown.then(function (chosen) {
          function answer(results) { return { results: results, total: chosen.total, terms: marks }; }
          // A result: its record, and where a word is not in its title, the sentence of
          // its page around the best match (the summary when every word is in the
          // title, or when the page's text has no match: a tag's name, say).
          function result(hit) {
            return record(m, hit.id).then(function (r) {
              var shown = { title: r.t, url: siteURL(r.u), date: r.d, dateText: r.f || "", excerpt: r.x, tags: r.g, terms: marks };
              if (!snippets || hit.titles >= wordTexts.length) return shown;
              return fetchText(new URL(shown.url, base).href).then(function (html) {
                var sentence = snippet(pageSentences(html), wordTexts);
                if (sentence) { shown.excerpt = sentence; shown.snippet = true; }
                return shown;
              }, function () { return shown; });
            });
          }
          function results(hits) { return Promise.all(hits.map(result)); }
          var first = (options && options.first) || 0;
          if (first > 0 && first < chosen.hits.length && options.onFirst) {
            // The first results as soon as they are in; the rest's files are asked
            // for only then, so the first do not wait behind them.
            return results(chosen.hits.slice(0, first)).then(function (shown) {
              options.onFirst(answer(shown));
              return results(chosen.hits).then(answer);
            });
          }
          return results(chosen.hits).then(answer);
        });
      });
    });
  }

  // Phrases are checked against the pages themselves (the index keeps no word
  // positions): the best candidates' pages are read in rank order until `limit`
  // hold every phrase, reading at most PHRASE_PAGES pages.
  function verifyPhrases(m, hits, phrases, limit) {
    var kept = [];
    var i = 0;
    function next() {
      if (kept.length >= limit || i >= hits.length || i >= PHRASE_PAGES) {
        return Promise.resolve({ hits: kept, total: kept.length + (i < hits.length && kept.length >= limit ? hits.length - i : 0) });
      }
      var hit = hits[i++];
      return record(m, hit.id).then(function (r) {
        return fetchText(new URL(siteURL(r.u), base).href);
      }).then(function (html) {
        if (hasPhrases(pageText(html), phrases)) kept.push(hit);
        return next();
      });
    }
    return next();
  }

  // ---------------------------------------------------------------- marking

  /** `text` in pieces [{text, match}] whose words `terms` (from search) name. */
  function mark(text, terms) {
    text = String(text || "");
    var set = new Set(terms || []);
    var stems = (terms || []).filter(function (t) { return Array.from(t).length >= 3; });
    var ranges = [];
    pieces(text).forEach(function (p) {
      var hit = set.has(p.text) || (!p.cjk && stems.some(function (t) { return p.text.indexOf(t) === 0; }));
      if (hit) { ranges.push([p.from, p.to]); return; }
      // A query of one CJK character: that character inside a pair.
      var chars = p.cjk ? Array.from(p.text) : [];
      if (chars.length !== 2) return;
      if (set.has(chars[0])) ranges.push([p.from, p.from + chars[0].length]);
      if (set.has(chars[1])) ranges.push([p.to - chars[1].length, p.to]);
    });
    ranges.sort(function (a, b) { return a[0] - b[0]; });
    var out = [], at = 0;
    for (var i = 0; i < ranges.length; i++) {
      var from = Math.max(ranges[i][0], at), to = ranges[i][1];
      if (to <= from) continue;
      if (from > at) out.push({ text: text.slice(at, from), match: false });
      if (out.length && out[out.length - 1].match && from === at) out[out.length - 1].text += text.slice(from, to);
      else out.push({ text: text.slice(from, to), match: true });
      at = to;
    }
    if (at < text.length) out.push({ text: text.slice(at), match: false });
    return out;
  }

  function escapeHTML(s) {
    return s.replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }

  /** `mark` as escaped HTML, the matches in <mark>. */
  function markHTML(text, terms) {
    return mark(text, terms).map(function (p) {
      return p.match ? "<mark>" + escapeHTML(p.text) + "</mark>" : escapeHTML(p.text);
    }).join("");
  }

  function configure(options) {
    if (options && options.base) {
      base = new URL(options.base, root.location ? root.location.href : "http://localhost/").href;
      cache = new Map();
    }
  }

  var api = { search: search, mark: mark, markHTML: markHTML, configure: configure, fold: fold, pieces: pieces,
    pageSentences: pageSentences, snippet: snippet };
  root.blogbuildSearch = api;
  // On a page, the manifest is read at once: every query needs it, so the first
  // one does not wait for it (a failure is the first query's to report).
  if (scriptBase) manifest().catch(function () {});
  if (typeof module !== "undefined" && module.exports) module.exports = api;
})(typeof window !== "undefined" ? window : globalThis);
