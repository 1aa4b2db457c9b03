#!/usr/bin/env bash
# Restarts Brieflane's app servers one at a time without failing a request (docs/deploy.md).
# For each server: nginx stops sending it new requests (`down` on its upstream line, then a
# reload), it is restarted (SIGTERM: it finishes the requests it has, then exits; then it
# starts again), and once it answers /api/health/ready nginx takes it back. Run as root after
# installing a new release (npm ci --omit=dev, npm run build):
#
#   deploy/rolling-restart.sh            # every server in the site's upstream, in order
#   deploy/rolling-restart.sh 3002       # only these ports
#
# CI runs this very script against its own nginx and servers (scripts/deploy-check.ts), with
# the settings below pointing at them instead of systemd and /etc/nginx.
set -euo pipefail

SITE="${BRIEFLANE_NGINX_SITE:-/etc/nginx/sites-available/brieflane}"
# Split into words: CI adds its own -p/-c/-e options.
NGINX="${BRIEFLANE_NGINX:-nginx}"
# %s is the port.
RESTART="${BRIEFLANE_RESTART:-systemctl restart brieflane@%s}"
READY_URL="${BRIEFLANE_READY_URL:-http://127.0.0.1:%s/api/health/ready}"
# After the reload, requests nginx had already taken under the old configuration are sent on.
SETTLE_SECONDS="${BRIEFLANE_SETTLE_SECONDS:-2}"
READY_TIMEOUT_SECONDS="${BRIEFLANE_READY_TIMEOUT_SECONDS:-120}"

log() { printf '%s rolling-restart: %s\n' "$(date +%s.%3N)" "$*"; }

upstream_ports() {
  sed -n -E 's/^[[:space:]]*server[[:space:]]+127\.0\.0\.1:([0-9]+)([[:space:]][^;]*)?;.*/\1/p' "$SITE"
}

# set_down PORT on|off: adds or removes `down` on the port's upstream line, in place (the file
# keeps its inode, owner and mode; sites-enabled links to it).
set_down() {
  local port=$1 state=$2 before after tmp
  before="$(cat "$SITE")"
  if [ "$state" = on ]; then
    after="$(sed -E "/ down;/! s/^([[:space:]]*server[[:space:]]+127\.0\.0\.1:$port)(([[:space:]][^;]*)?);/\1\2 down;/" <<<"$before")"
  else
    after="$(sed -E "s/^([[:space:]]*server[[:space:]]+127\.0\.0\.1:$port([[:space:]][^;]*)?) down;/\1;/" <<<"$before")"
  fi
  if [ "$before" = "$after" ]; then
    grep -Eq "^[[:space:]]*server[[:space:]]+127\.0\.0\.1:$port[[:space:];]" "$SITE" || { log "port $port is not in the upstream of $SITE"; exit 1; }
    return 0
  fi
  tmp="$(mktemp)"
  printf '%s\n' "$after" >"$tmp"
  cat "$tmp" >"$SITE"
  rm -f "$tmp"
}

reload_nginx() {
  # A configuration nginx refuses would leave the old one running without a word: test first.
  $NGINX -t -q
  $NGINX -s reload
}

ready() { curl -fsS -o /dev/null --max-time 2 "${READY_URL//%s/$1}" 2>/dev/null; }

if [ "$#" -gt 0 ]; then ports=("$@"); else mapfile -t ports < <(upstream_ports); fi
[ "${#ports[@]}" -gt 0 ] || { log "no app servers found in $SITE"; exit 1; }
mapfile -t all_ports < <(upstream_ports)

for port in "${ports[@]}"; do
  # Never take a server out while no other one is ready: the site would answer 502.
  others=0
  for other in "${all_ports[@]}"; do
    if [ "$other" != "$port" ] && ready "$other"; then others=$((others + 1)); fi
  done
  [ "$others" -gt 0 ] || { log "no other app server is ready; not restarting $port"; exit 1; }

  log "port $port: out of nginx"
  set_down "$port" on
  reload_nginx
  sleep "$SETTLE_SECONDS"

  log "port $port: restarting (${RESTART//%s/$port})"
  sh -c "${RESTART//%s/$port}"

  deadline=$((SECONDS + READY_TIMEOUT_SECONDS))
  until ready "$port"; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      log "port $port: not ready after ${READY_TIMEOUT_SECONDS}s; it stays out of nginx (marked down in $SITE)"
      exit 1
    fi
    sleep 0.2
  done

  set_down "$port" off
  reload_nginx
  log "port $port: ready and back in nginx"
done
log "done: ${ports[*]}"
