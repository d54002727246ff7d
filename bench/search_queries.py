"""The queries of the search benchmark (bench/search_bench.py), each with the post
it was written for, picked from a corpus of bench/gen_corpus.py.

The generated posts share one small vocabulary (the same topics, sentences and
code return in many posts), so a query "written for" a post is one whose words
are all in that post and, together, in no other: the post a reader typing it
means. "In no other" as the engines see it: by stem, in any indexed text (an
image's alt text and a link's text too), the last word also as a prefix. They are picked, not written by hand, because each corpus size has its
own posts; the picking is deterministic (a fixed seed, sorted inputs), so the
same corpus always gives the same queries, and the bench prints them.

Kinds (at least 20 queries in all):
  title   - two or three words of the post's title that no other title has together, and
            the first of them in no other post that has them all
  body    - two words of the body's prose (not its code, the title, a link's text or an image's alt
            text) that no other post has together
  code    - a code identifier written in the post, as written (`EpisodeController`)
            or folded (`episodecontroller`): alone where no other post has it, else
            with a word of the title
  part    - a part of an identifier with a title word (`photo` of `PhotoController`, `harbour`)
  two     - a title word and a body word
  prefix  - title words with the last one cut to four letters, as while typing (`harbour cale`):
            the only post whose title has the others and a word that starts so
"""
import bisect
import itertools
import os
import random
import re

STOP = set("""a an and are as at be but by for from how i if in into is it its my of on or so that the
this to was we what when why with you your not no do does did can will just than then there their
them they one two three four five six seven eight nine ten lessons thing things using use used new
better approach way ways look looking""".split())

WORD = re.compile(r"[A-Za-z0-9]+")
PART = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")
CODE = re.compile(r"```.*?```|`[^`\n]*`", re.S)
# What no engine indexes: an image's address and a link's address (an image's alt text is
# indexed, by blogbuild and by Pagefind, so a query's words are looked for in it too).
IMAGE = re.compile(r"!\[([^\]]*)\]\([^)]*\)")
LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
IDENT = re.compile(r"\b[a-z]+[A-Z][A-Za-z0-9]*\b|\b[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*\b")


SUFFIXES = sorted("ations ation ions ion ings ing ers er edly ed ies es s ly ments ment ness ity ive y e".split(), key=len, reverse=True)


def stem(word):
    """A rough English stem (`revisited`, `revisiting` → `revisit`): the engines stem, so
    a query is one post's only when no other post has words of the same stems. Rougher
    than Snowball on purpose: it may join words Snowball keeps apart, never the reverse
    for these suffixes, so a query it calls one post's is that post's for the engines too."""
    for suffix in SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            # Snowball undoubles the consonant an ending doubled (snapping, snapped → snap).
            if len(word) >= 4 and word[-1] == word[-2] and word[-1] in "bdfgmnprt":
                word = word[:-1]
            return word
    return word


class Post:
    def __init__(self, path):
        text = open(path, encoding="utf-8").read()
        front, body = text[4:].split("\n---\n", 1)
        # The post's own prose has neither an image's alt text nor a link's text: a link's
        # text here most often names another post (its title), so a reader remembering
        # this post does not remember it by those words. Both are indexed (below).
        prose = LINK.sub(" ", IMAGE.sub(" ", body))
        body = LINK.sub(r" \1 ", IMAGE.sub(r" \1 ", body))
        m = re.search(r'^title:\s*"?(.*?)"?\s*$', front, re.M)
        self.title = m.group(1) if m else ""
        name = os.path.basename(path)[:-3]
        self.url = "/%s/%s/%s/" % (name[0:4], name[5:7], name[11:])
        self.name = name
        # Words a reader can find: title, front matter (tags, summary) and body.
        self.title_words = {w.lower() for w in WORD.findall(self.title)}
        self.words = {w.lower() for w in WORD.findall(front + "\n" + body)} | self.title_words
        # An identifier is found by its parts too (`photo`, `controller` of `PhotoController`).
        for ident in IDENT.findall(body):
            self.words.update(x.lower() for x in PART.findall(ident))
        # Prose: the body without its code (blocks and inline), less the title's words.
        self.body_only = {w.lower() for w in WORD.findall(CODE.sub(" ", prose))} - self.title_words
        self.idents = sorted(set(IDENT.findall(body)))


def load(posts_dir):
    return [Post(os.path.join(posts_dir, n)) for n in sorted(os.listdir(posts_dir)) if n.endswith(".md")]


def pick(posts, count=24, seed=28):
    """[(kind, query, expected URL, expected title)], `count` of them over the kinds."""
    # By stem: a query's word finds every post with a word of its stem.
    index, index_words = {}, {}
    for i, p in enumerate(posts):
        for w in p.words:
            index.setdefault(stem(w), set()).add(i)
            index_words.setdefault(w, set()).add(i)
    title_index = {}
    for i, p in enumerate(posts):
        for w in p.title_words:
            title_index.setdefault(stem(w), set()).add(i)

    # The engines take a query's last word as a prefix too, while the reader types
    # (`safari` finds `safaris`): the posts having a word that starts with it.
    vocabulary = sorted(index_words)

    def starting(prefix):
        out = set()
        for k in range(bisect.bisect_left(vocabulary, prefix), len(vocabulary)):
            if not vocabulary[k].startswith(prefix):
                break
            out |= index_words[vocabulary[k]]
        return out

    def having(words, last_prefix=True):
        last = len(words) - 1
        sets = sorted((index.get(stem(w), set()) | (starting(w) if last_prefix and k == last else set())
                       for k, w in enumerate(words)), key=len)
        out = set(sets[0]) if sets else set()
        for s in sets[1:]:
            out &= s
        return out

    title_prefix = {}
    for i, p in enumerate(posts):
        for w in p.title_words:
            if len(w) >= 4:
                title_prefix.setdefault(w[:4], set()).add(i)
    by_prefix = {}
    for i, p in enumerate(posts):
        for w in p.words:
            if len(w) >= 4:
                by_prefix.setdefault(w[:4], set()).add(i)

    def titled(words):
        out = set(title_index.get(stem(words[0]), set()))
        for w in words[1:]:
            out &= title_index.get(stem(w), set())
        return out

    def having_prefix(words, prefix):
        return having(words, last_prefix=False) & by_prefix.get(prefix, set())

    def content(ws, digits=False):
        return sorted(w for w in ws if (len(w) >= 4 or digits and w.isdigit() and len(w) >= 2) and w not in STOP
                      and (digits or not w.isdigit()))

    order = list(range(len(posts)))
    random.Random(seed).shuffle(order)
    kinds = ["title", "body", "code", "part", "two", "prefix"]
    want = {k: count // len(kinds) for k in kinds}
    for k in kinds[: count % len(kinds)]:
        want[k] += 1
    picked, used = [], set()

    def take(kind, query, i):
        picked.append((kind, query, posts[i].url, posts[i].title))
        used.add(i)

    # Kinds this corpus has too few of are made up by the others, in turn.
    passes = [(k, want[k]) for k in kinds] + [(k, None) for k in kinds * 3]
    for kind, wanted in passes:
        if wanted is None:
            want[kind] = 1 if len(picked) < count else 0
        # A bounded scan: a kind this corpus has few of is not searched for across every post.
        for i in order[:4000 if wanted is not None else 1500]:
            if want[kind] == 0:
                break
            if i in used:
                continue
            p = posts[i]
            # The rarest words first, and only a few: a pair of common words is never one post's.
            tw = sorted(content(p.title_words), key=lambda w: (len(index[stem(w)]), w))[:6]
            bw = content(p.body_only, digits=True)
            query = None
            if kind == "title":
                # Words of the title that no other title has together (other posts may say them in passing).
                for size in (2, 3):
                    for combo in itertools.combinations(tw, size):
                        if titled(combo) == {i} and having(combo) & titled(combo[:1]) == {i}:
                            query = " ".join(combo)
                            break
                    if query:
                        break
            elif kind == "body":
                rare = sorted(bw, key=lambda w: (len(index[stem(w)]), w))[:8]
                for a in range(len(rare)):
                    for b in range(a + 1, len(rare)):
                        if having([rare[a], rare[b]]) == {i}:
                            query = "%s %s" % (rare[a], rare[b])
                            break
                    if query:
                        break
            elif kind == "code":
                # An identifier alone where it is this post's only, else with the rarest word of the title.
                for extra in [()] + [(w,) for w in tw[:3]]:
                    for ident in p.idents:
                        if having([ident.lower(), *extra]) == {i}:
                            # Every other one folded, as a reader types it.
                            query = " ".join([ident if want[kind] % 2 else ident.lower(), *extra])
                            break
                    if query:
                        break
            elif kind == "part":
                for ident in p.idents:
                    parts = [x.lower() for x in re.findall(r"[A-Z]?[a-z0-9]+", ident)]
                    for w in tw if len(parts) >= 2 else []:
                        # A part of an identifier (`photo` of `PhotoController`) with a title word.
                        if having([parts[0], w]) == {i}:
                            query = "%s %s" % (parts[0], w)
                            break
                    if query:
                        break
            elif kind == "two":
                rare = sorted(bw, key=lambda w: (len(index[stem(w)]), w))[:8]
                for w in tw:
                    for b in rare:
                        if having([w, b]) == {i}:
                            query = "%s %s" % (w, b)
                            break
                    if query:
                        break
            elif kind == "prefix":
                # Title words, the last cut to its first four letters, as while typing: the
                # only post whose title has the others and a word that starts so.
                for size in (1, 2):
                    for combo in itertools.combinations(tw, size):
                        for full in tw:
                            if full in combo or len(full) < 6:
                                continue
                            cut = full[:4]
                            if titled(combo) & title_prefix.get(cut, set()) == {i} and having_prefix(combo, cut) & titled(combo) == {i}:
                                query = " ".join(combo + (cut,))
                                break
                        if query:
                            break
                    if query:
                        break
            if query:
                take(kind, query, i)
                want[kind] -= 1
    return picked
