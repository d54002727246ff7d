#!/usr/bin/env bash
# Deploy the built site to the server, keeping the last five releases.
set -euo pipefail

SITE_DIR="${1:-public}"
HOST=${DEPLOY_HOST:-example.org}
RELEASE=$(date +%Y%m%d%H%M%S)
KEEP=5
readonly SITE_DIR HOST RELEASE

log() {
  printf '%s %s\n' "$(date '+%H:%M:%S')" "$*" >&2
}

if [[ ! -d "$SITE_DIR" ]]; then
  log "no build output in $SITE_DIR; run blogbuild first"
  exit 1
fi

count=$(find "$SITE_DIR" -type f | wc -l)
log "uploading $count files to ${HOST} as release ${RELEASE}"

for attempt in 1 2 3; do
  if rsync -az --delete "$SITE_DIR/" "deploy@$HOST:/srv/site/releases/$RELEASE/"; then
    break
  fi
  log "rsync failed (attempt $attempt), retrying in $((attempt * 2))s"
  sleep $((attempt * 2))
done

ssh "deploy@$HOST" bash -s <<EOF
cd /srv/site
ln -sfn "releases/$RELEASE" current
ls -1t releases | tail -n +$((KEEP + 1)) | xargs -r -I{} rm -rf "releases/{}"
EOF

case "$HOST" in
  *.local|localhost)
    log "local deploy, skipping cache purge" ;;
  *)
    curl -fsS -X POST "https://$HOST/purge" -H 'Authorization: Bearer '"$TOKEN" > /dev/null 2>&1 || log "purge failed: $?" ;;
esac

total=0
while read -r size name; do
  total=$(( total + size ))
done < <(du -k "$SITE_DIR"/*.html | sort -n)
echo "deployed $RELEASE (${total} KB of HTML)" | tee -a deploy.log
export LAST_RELEASE=$RELEASE
