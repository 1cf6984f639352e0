#!/usr/bin/env bash
# Load figures with wrk against the release build: requests/s and p99 latency
# for a rule page, the home page and two search pages, at 32 connections; then
# the resident memory with the English edition loaded beside the French corpus.
#
#   scripts/charge.sh [SECONDES]        (wrk from Debian: apt-get install -y wrk)
set -euo pipefail
cd "$(dirname "$0")/.."
duration="${1:-10}"
shared="${ARBITRE_SHARED:-../shared}"
command -v wrk >/dev/null || { echo "wrk introuvable : apt-get install -y wrk" >&2; exit 1; }
cargo build --release --quiet
bin=target/release/arbitre

serve() { # addr [extra args…]; waits until the server answers
  "$bin" serve --addr "$@" >/tmp/arbitre-charge.log 2>&1 &
  pid=$!
  for _ in $(seq 100); do curl -fs -o /dev/null "http://$1/" && return; sleep 0.1; done
  echo "le serveur ne répond pas" >&2; exit 1
}

echo "| page | requêtes/s | p99 | erreurs |"
echo "|---|---|---|---|"
serve 127.0.0.1:8181
for path in "/regles/608.2b" "/" "/recherche?q=salve+d%27aura" "/recherche?q=cible+illegale+a+la+resolution"; do
  out=$(wrk -t2 -c32 -d"${duration}s" --latency "http://127.0.0.1:8181$path")
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  errors=$(awk '/Non-2xx|Socket errors/ {print}' <<<"$out")
  echo "| \`$path\` | $rps | $p99 | ${errors:-0} |"
done
kill "$pid"; wait "$pid" 2>/dev/null || true

serve 127.0.0.1:8182 --avec "$shared/corpus/MagicCompRules-2026-01-16.txt"
echo
echo "Mémoire résidente avec l'édition anglaise 2026-01-16 : $(ps -o rss= -p "$pid" | awk '{printf "%.1f Mo", $1/1024}') au démarrage"
wrk -t2 -c32 -d"${duration}s" "http://127.0.0.1:8182/recherche?q=cible+illegale+a+la+resolution" >/dev/null
echo "Après $duration s de recherches : $(ps -o rss= -p "$pid" | awk '{printf "%.1f Mo", $1/1024}')"
kill "$pid"; wait "$pid" 2>/dev/null || true
