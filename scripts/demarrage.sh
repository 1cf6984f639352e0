#!/bin/bash
# Time to listen and resident memory of `arbitre serve`: starts BINARY on
# 127.0.0.1:PORT (with EXTRA, e.g. --sans-cartes), polls until the home page
# answers, then five searches, a card page (not with --sans-cartes), 20 s,
# and reads VmRSS. Prints « listen_ms=… rss_kb=… ». Run it several times,
# alternating the two ways, and compare within one run.
# Usage: scripts/demarrage.sh ./target/release/arbitre 18082 [--sans-cartes]
set -u
B=$1; P=$2; X=${3:-}
t0=$(date +%s%N)
$B serve --addr 127.0.0.1:$P $X >/dev/null 2>&1 &
pid=$!
until curl -s -o /dev/null http://127.0.0.1:$P/ 2>/dev/null; do
  kill -0 $pid 2>/dev/null || { echo "serve s'est arrêté" >&2; exit 1; }
  sleep 0.005
done
t1=$(date +%s%N)
for q in "lune+de+sang+urborg" "fizzle" "kitchen+finks+persist" "regle+des+legendes" "mort+subite"; do
  curl -s -o /dev/null "http://127.0.0.1:$P/recherche?q=$q"
done
[ -z "$X" ] && curl -s -o /dev/null "http://127.0.0.1:$P/cartes/kitchen-finks"
sleep 20
rss=$(awk '/VmRSS/{print $2}' /proc/$pid/status)
kill $pid; wait $pid 2>/dev/null
echo "listen_ms=$(( (t1-t0)/1000000 )) rss_kb=$rss"
