#!/usr/bin/env bash
# Endurance test, run by hand (not in CI): the release server under attack
# while normal requests keep coming, and whether it holds.
#
#   attaque corps-bloque (20 000 clients) ─┐
#   attaque entetes-lents (2 000 clients) ─┼─▶ arbitre serve 127.0.0.1:8190 ◀── wrk /regles/608.2b
#   attaque editeur (8 clients)           ─┘        │ VmRSS every second        wrk /recherche?q=…
#                                                    ▼
#   table of the normal requests (p50, p99, failures), the attackers' lines,
#   resident memory before / during (max) / after; exit 1 when a target is missed.
#
# The attackers start first; wrk starts 3 s later and measures under attack
# (the attackers run 3 s longer, so the whole of wrk's run is under attack).
# Builds nothing: `cargo build --release --examples` first.
#
#   scripts/endurance.sh [SECONDES]      (30 by default; wrk: apt-get install -y wrk)
set -euo pipefail
cd "$(dirname "$0")/.."

duration="${1:-30}"
[[ $duration =~ ^[1-9][0-9]*$ ]] || { echo "durée invalide : « $duration » (un nombre de secondes)" >&2; exit 2; }
addr=127.0.0.1:8190
bin=target/release/arbitre
attaque=target/release/examples/attaque
head_start=3

# Targets.
rule_p99_max=20   # ms
search_p99_max=50 # ms
rss_during_max=200 # Mo
rss_after_max=150  # Mo : 80 avant les cartes, qui en gardent 50 à 57 au repos (budget 60)

for f in "$bin" "$attaque"; do
  [[ -x $f ]] || { echo "$f introuvable : lancez d'abord cargo build --release --examples" >&2; exit 1; }
done
command -v wrk >/dev/null || { echo "wrk introuvable : apt-get install -y wrk" >&2; exit 1; }
command -v curl >/dev/null || { echo "curl introuvable : apt-get install -y curl" >&2; exit 1; }

# 1. As many open files as allowed: the server and the attackers inherit it.
hard=$(ulimit -Hn)
[[ $hard == unlimited ]] && hard=1048576
ulimit -n "$hard"

work=$(mktemp -d /tmp/endurance.XXXXXX)
server_pid=""
pids=()
cleanup() { # 7. everything started here, by its id
  local p
  for p in "${pids[@]}" $server_pid; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap cleanup EXIT

rss_kb() { # resident memory of the server in KiB; empty when it has stopped
  awk '/^VmRSS:/ {print $2}' "/proc/$server_pid/status" 2>/dev/null || true
}
mo() { awk -v k="$1" 'BEGIN {s = sprintf("%.1f", k / 1024); sub(/\./, ",", s); print s}'; }

# 2. The server, once it answers.
if curl -fs -o /dev/null --max-time 1 "http://$addr/"; then
  echo "quelque chose répond déjà sur $addr : arrêtez-le d'abord" >&2; exit 1
fi
"$bin" serve --addr "$addr" >"$work/serveur.log" 2>&1 &
server_pid=$!
for _ in $(seq 100); do curl -fs -o /dev/null --max-time 1 "http://$addr/" && break; sleep 0.1; done
curl -fs -o /dev/null --max-time 1 "http://$addr/" || { echo "le serveur ne répond pas (journal : $work/serveur.log)" >&2; exit 1; }
rss_before=$(rss_kb)
echo "Serveur prêt ($(mo "$rss_before") Mo), ulimit -n $(ulimit -n) ; attaques pendant $((duration + head_start)) s, mesures pendant $duration s… (fichiers : $work)" >&2

# 3. The attackers, then wrk under attack; each bounded by timeout.
attack=$((duration + head_start))
for a in "corps-bloque 20000" "editeur 8" "entetes-lents 2000"; do
  set -- $a
  timeout --kill-after=5 $((attack + 40)) "$attaque" "$1" --addr "$addr" --clients "$2" --duree "$attack" \
    >"$work/$1.txt" 2>"$work/$1.err" &
  pids+=($!)
done
sleep "$head_start"
wrk_run() { # name path
  timeout --kill-after=5 $((duration + 20)) wrk -t1 -c8 -d"${duration}s" --latency --timeout 2s "http://$addr$2" \
    >"$work/wrk-$1.txt" 2>&1 &
  pids+=($!)
}
wrk_run regle "/regles/608.2b"
wrk_run recherche "/recherche?q=cible+illegale+a+la+resolution"

# 4. Resident memory every second until all have stopped.
rss_max=$rss_before
server_died=""
running() { local p; for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null && return 0; done; return 1; }
while running; do
  r=$(rss_kb)
  if [[ -z $r ]]; then server_died=1; break; fi
  ((r > rss_max)) && rss_max=$r
  sleep 1
done
for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
pids=()

# 5. Ten seconds of rest, then memory again.
[[ -z $server_died ]] && sleep 10
rss_after=$(rss_kb)
[[ -z $rss_after ]] && server_died=1

# 6. The report.
to_ms() { # "512.00us" → 0.512 ; empty when absent
  awk -v v="$1" 'BEGIN {
    if (v == "") exit
    if (v ~ /us$/) { sub(/us$/, "", v); print v / 1000 }
    else if (v ~ /ms$/) { sub(/ms$/, "", v); print v + 0 }
    else if (v ~ /m$/) { sub(/m$/, "", v); print v * 60000 }
    else if (v ~ /s$/) { sub(/s$/, "", v); print v * 1000 } }'
}
fr() { # 0.512 → "0,51 ms"; empty → "—"
  [[ -z $1 ]] && { echo "—"; return; }
  awk -v x="$1" 'BEGIN {s = sprintf("%.2f", x); sub(/\./, ",", s); print s " ms"}'
}
spaced() { awk -v n="$1" 'BEGIN {s = ""; while (length(n) > 3) {s = " " substr(n, length(n) - 2) s; n = substr(n, 1, length(n) - 3)} print n s}'; }
wrk_figures() { # file → "p50 p99 requests failures" (ms, empty p when absent)
  local out=$1
  local p50 p99 requests failed
  p50=$(to_ms "$(awk '$1 == "50%" {print $2}' "$out")")
  p99=$(to_ms "$(awk '$1 == "99%" {print $2}' "$out")")
  requests=$(awk '/requests in/ {print $1}' "$out")
  failed=$(awk '
    /Socket errors:/ { gsub(/,/, ""); n += $4 + $6 + $8 + $10 }
    /Non-2xx or 3xx responses:/ { n += $NF }
    END { print n + 0 }' "$out")
  echo "${p50:-x} ${p99:-x} ${requests:-0} $failed"
}

missed=()
echo
echo "| page | p50 | p99 | requêtes | requêtes normales en échec |"
echo "|---|---|---|---|---|"
for page in "regle|règle \`/regles/608.2b\`|$rule_p99_max" \
  "recherche|recherche \`cible illegale a la resolution\`|$search_p99_max"; do
  IFS='|' read -r name label target <<<"$page"
  read -r p50 p99 requests failed <<<"$(wrk_figures "$work/wrk-$name.txt")"
  [[ $p50 == x ]] && p50=""
  [[ $p99 == x ]] && p99=""
  echo "| $label | $(fr "$p50") | $(fr "$p99") | $(spaced "$requests") | $(spaced "$failed") |"
  if [[ -z $p99 || $requests == 0 ]]; then
    missed+=("$label : aucune mesure (wrk : $(tail -n 3 "$work/wrk-$name.txt" | tr '\n' ' '))")
  elif awk -v p="$p99" -v t="$target" 'BEGIN {exit !(p >= t)}'; then
    missed+=("$label : p99 $(fr "$p99"), objectif < $target ms")
  fi
  ((failed > 0)) && missed+=("$label : $(spaced "$failed") requêtes normales en échec, objectif 0")
done
echo
for a in corps-bloque editeur entetes-lents; do
  if [[ -s $work/$a.txt ]]; then
    cat "$work/$a.txt"
  else
    echo "$a : aucun résultat ($(tr '\n' ' ' <"$work/$a.err"))"
  fi
done
echo
after="— (serveur arrêté)"
[[ -n $rss_after ]] && after="$(mo "$rss_after") Mo"
echo "Mémoire résidente : avant $(mo "$rss_before") Mo · pendant (max) $(mo "$rss_max") Mo · après $after"

[[ -n $server_died ]] && missed+=("le serveur s'est arrêté pendant l'essai (journal : $work/serveur.log)")
((rss_max >= rss_during_max * 1024)) && missed+=("mémoire pendant : $(mo "$rss_max") Mo, objectif < $rss_during_max Mo")
[[ -n $rss_after ]] && ((rss_after >= rss_after_max * 1024)) &&
  missed+=("mémoire après : $(mo "$rss_after") Mo, objectif < $rss_after_max Mo")

echo
if ((${#missed[@]} == 0)); then
  echo "Tous les objectifs sont tenus."
  exit 0
fi
for m in "${missed[@]}"; do echo "Objectif manqué — $m"; done
exit 1
