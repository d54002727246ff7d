// The search page's behaviour (templates/search.mustache): results as the reader
// types, the matched words marked, keyboard only, the count announced. The query
// itself is search.js's (window.blogbuildSearch); the words shown come from the
// page's data attributes, in the site's language, never from here.
//
// The contract tests and the bench rely on: #search-input; #search-results, one
// <li> per result holding an <a> to the post, with data-state="done" and
// data-query="QUERY" once the results of QUERY are drawn (data-state="more" while
// the first of them are drawn and the rest are loading); #search-status, a live
// region with the count of every match; #search-more, a button shown while more
// matched than are drawn, which draws the next ones and moves to the first of them.
(function () {
  "use strict";
  var input = document.getElementById("search-input");
  var list = document.getElementById("search-results");
  var status = document.getElementById("search-status");
  var moreButton = document.getElementById("search-more");
  if (!input || !list || !status) return;
  var words = status.dataset;
  var limit = 10;
  // The first results are drawn as soon as their records are in (the rest take more files).
  var first = 5;
  // A query typed quickly waits for a pause; the first key after a pause runs at once.
  var pause = 250, settle = 120;
  var lastInput = 0, timer = 0, seq = 0;
  var plural = null;
  try { plural = new Intl.PluralRules(words.language || "en"); } catch (e) { plural = null; }

  function countText(n) {
    var one = plural ? plural.select(n) === "one" : n === 1;
    return (one ? words.one : words.other).split("{n}").join(String(n));
  }

  function setStatus(text) {
    if (status.textContent !== text) status.textContent = text;
  }

  // `text` into `parent` as text nodes and <mark>s (search.js's pieces): never as HTML.
  function appendMarked(parent, text, terms) {
    var engine = window.blogbuildSearch;
    var pieces = engine && engine.mark ? engine.mark(text, terms) : [{ text: text, match: false }];
    pieces.forEach(function (piece) {
      if (!piece.match) { parent.appendChild(document.createTextNode(piece.text)); return; }
      var mark = document.createElement("mark");
      mark.textContent = piece.text;
      parent.appendChild(mark);
    });
  }

  // A post's date as the site's pages print it (the record's `dateText`, in the
  // site's language and date format); for an index without it, "2024-05-01" as
  // the page's language writes a date, or as written if the browser cannot.
  var dates = null;
  try { dates = new Intl.DateTimeFormat(document.documentElement.lang || words.language || undefined, { dateStyle: "long", timeZone: "UTC" }); } catch (e) { dates = null; }
  function dateText(iso) {
    var day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
    return dates && day ? dates.format(new Date(Date.UTC(+day[1], +day[2] - 1, +day[3]))) : iso;
  }

  // `partial`: the first results, the rest still loading. `total`: how many matched.
  function draw(query, results, partial, total) {
    // After the first results, or more of the same query's, only the new ones are added
    // (a result the reader has moved to keeps its focus).
    var adding = list.dataset.query === query && (list.dataset.state === "more" || list.dataset.state === "adding");
    var kept = !partial && adding ? Math.min(list.children.length, results.length) : 0;
    var items = document.createDocumentFragment();
    results.slice(kept).forEach(function (r) {
      var terms = r.terms || [];
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = r.url;
      a.className = "search-title";
      appendMarked(a, r.title || r.url, terms);
      li.appendChild(a);
      if (r.date) {
        var time = document.createElement("time");
        time.dateTime = r.date;
        time.textContent = r.dateText || dateText(r.date);
        li.appendChild(time);
      }
      if (r.excerpt) {
        var p = document.createElement("p");
        appendMarked(p, r.excerpt, terms);
        li.appendChild(p);
      }
      items.appendChild(li);
    });
    if (kept) list.appendChild(items); else list.replaceChildren(items);
    list.dataset.query = query;
    list.dataset.state = partial ? "more" : "done";
    if (partial) return;
    // The count is announced once, for all the results: every match, not only those drawn.
    var matched = Math.max(total || 0, results.length);
    setStatus(query ? (matched ? countText(matched) : words.none) : "");
    if (moreButton) moreButton.hidden = !(query && results.length < matched);
  }

  // `count`: how many results to draw (more than `limit` when the reader asked for more);
  // `drawn`: called once they are.
  function run(query, count, drawn) {
    var mine = ++seq;
    query = query.trim();
    count = count || limit;
    if (!query) { draw("", [], false, 0); return; }
    var adding = count > limit && list.dataset.query === query;
    list.dataset.state = adding ? "adding" : "loading";
    list.dataset.query = query;
    if (!adding) {
      setStatus(words.searching);
      if (moreButton) moreButton.hidden = true;
    }
    var engine = window.blogbuildSearch;
    var options = {
      limit: count, first: adding ? 0 : first,
      onFirst: function (answer) { if (mine === seq && list.dataset.state === "loading") draw(query, answer.results, true); }
    };
    var found = engine ? engine.search(query, options) : Promise.reject(new Error("search.js did not load"));
    found.then(function (answer) {
      if (mine !== seq) return;
      draw(query, (answer && answer.results) || [], false, answer && answer.total);
      if (drawn) drawn();
    }, function (error) {
      if (mine !== seq) return;
      list.replaceChildren();
      list.dataset.state = "error";
      setStatus(words.none);
      if (window.console) console.error("search:", error);
    });
  }

  // The query in the address, so a reload or a shared link shows the same results.
  function remember(query) {
    var url = new URL(location.href);
    if (query) url.searchParams.set("q", query); else url.searchParams.delete("q");
    history.replaceState(null, "", url);
  }

  function schedule() {
    var now = Date.now(), quick = now - lastInput < pause;
    lastInput = now;
    clearTimeout(timer);
    if (quick) {
      timer = setTimeout(function () { run(input.value); remember(input.value.trim()); }, settle);
    } else {
      run(input.value);
      remember(input.value.trim());
    }
  }

  function links() { return Array.prototype.slice.call(list.querySelectorAll("li > a")); }

  if (moreButton) {
    moreButton.addEventListener("click", function () {
      var from = links().length;
      run(input.value, from + limit, function () {
        // The reader goes on from the first of the new results.
        var next = links()[from];
        if (next) next.focus();
      });
    });
  }

  input.addEventListener("input", schedule);
  input.form.addEventListener("submit", function (event) {
    event.preventDefault();
    clearTimeout(timer);
    run(input.value);
    remember(input.value.trim());
  });
  input.addEventListener("keydown", function (event) {
    if (event.key === "ArrowDown") {
      var first = links()[0];
      if (first) { event.preventDefault(); first.focus(); }
    } else if (event.key === "Escape") {
      // The browser clears a search field on Escape too; this also clears the results.
      event.preventDefault();
      clearTimeout(timer);
      input.value = "";
      run("");
      remember("");
    }
  });
  list.addEventListener("keydown", function (event) {
    var all = links(), at = all.indexOf(document.activeElement);
    if (at === -1) return;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      if (at + 1 < all.length) all[at + 1].focus();
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      if (at > 0) all[at - 1].focus(); else input.focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      input.focus();
      input.select();
    }
    // Enter on a result is the link's own: it opens the post.
  });

  var query = new URLSearchParams(location.search).get("q") || "";
  input.value = query;
  run(query);
  input.focus();
})();
