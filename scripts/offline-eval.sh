#!/usr/bin/env bash
# The offline search (static/offline.js, run by node) against the server's
# search, on the same relevance files, in the same run.
#
#   scripts/offline-eval.sh [FICHIER.tsv…]   (default: ../shared/relevance/public.tsv and croisee.tsv)
#
# Builds the optimized binary if it is missing, starts it on 127.0.0.1:8193
# (ARBITRE_EVAL_ADDR overrides), fetches /hors-ligne/index.json (and says its
# size, plain and gzipped) and /hors-ligne/liste.json (the download size),
# then for each file prints, as `arbitre evalue-recherche` does, MRR@10,
# recall@1 and recall@5: the server's, then the offline search's, scoring ids
# the way src/search/eval.rs does (a hit is any acceptable id among the ids
# of the result shown; `fr:`/`en:` count only in their language). Needs node
# (`apt-get install -y nodejs`). Exits 1 if something is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

addr="${ARBITRE_EVAL_ADDR:-127.0.0.1:8193}"
shared="${ARBITRE_SHARED:-../shared}"
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  files=("$shared/relevance/public.tsv" "$shared/relevance/croisee.tsv")
fi
command -v node >/dev/null || { echo "node introuvable : apt-get install -y nodejs" >&2; exit 1; }
[ -x target/release/arbitre ] || cargo build --release
tmp="$(mktemp -d)"
./target/release/arbitre serve --addr "$addr" >"$tmp/serve.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -rf "$tmp"' EXIT
for _ in $(seq 1 100); do
  curl -sf "http://$addr/hors-ligne/index.json" -o "$tmp/index.json" && break
  sleep 0.1
done
[ -s "$tmp/index.json" ] || { echo "le serveur ne répond pas sur $addr" >&2; cat "$tmp/serve.log" >&2; exit 1; }
gz=$(curl -sf -H 'Accept-Encoding: gzip' "http://$addr/hors-ligne/index.json" | wc -c)
curl -sf "http://$addr/hors-ligne/liste.json" -o "$tmp/liste.json"
node -e '
const fs = require("fs");
const list = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
const plain = fs.statSync(process.argv[2]).size;
const mo = (n) => (n / 1e6).toFixed(2).replace(".", ",") + " Mo";
console.log(`index hors ligne : ${mo(plain)}, ${mo(Number(process.argv[3]))} en gzip`);
console.log(`à télécharger : ${list.pages} pages, ${mo(list.octets)}`);
' "$tmp/liste.json" "$tmp/index.json" "$gz"

for file in "${files[@]}"; do
  echo
  echo "== $file"
  echo "-- serveur (arbitre evalue-recherche)"
  ./target/release/arbitre evalue-recherche "$file" 2>/dev/null | tail -n 1
  echo "-- hors ligne (static/offline.js sous node)"
  node -e '
const fs = require("fs");
const R = require(process.argv[1]);
const started = Date.now();
const engine = R.prepare(JSON.parse(fs.readFileSync(process.argv[2], "utf8")));
const prepared = Date.now() - started;
// Ids as src/search/eval.rs normalizes them: lowercase, « FR:608.2B » → « fr:608.2b ».
const norm = (id) => id.trim().toLowerCase().replace(/\s+/g, "");
const ranks = [];
const lines = fs.readFileSync(process.argv[3], "utf8").split("\n");
let spent = 0;
for (const raw of lines) {
  const line = raw.replace(/\r$/, "");
  if (!line.trim() || line.trim().startsWith("#")) continue;
  const [query, ids] = line.split("\t");
  const answers = ids.split(",").map(norm).filter(Boolean);
  const t = Date.now();
  const hits = R.search(engine, query.trim(), 10).hits;
  spent += Date.now() - t;
  const at = hits.findIndex((h) => h.ids.some((i) => answers.includes(i)));
  const rank = at < 0 ? null : at + 1;
  ranks.push(rank);
  const top = hits.slice(0, 3).map((h) => h.id).join(", ");
  console.log(`${rank === null ? "—" : String(rank).padStart(2)}  ${query}  → ${answers.join(", ")}${rank === 1 ? "" : `  (en tête : ${top})`}`);
}
const n = ranks.length || 1;
const fr = (x) => x.toFixed(3).replace(".", ",");
const mrr = ranks.reduce((s, r) => s + (r ? 1 / r : 0), 0) / n;
const r1 = ranks.filter((r) => r === 1).length / n;
const r5 = ranks.filter((r) => r && r <= 5).length / n;
console.log(`\nMRR@10 : ${fr(mrr)} · rappel@1 : ${fr(r1)} · rappel@5 : ${fr(r5)} (${ranks.length} requêtes ; index préparé en ${prepared} ms, ${(spent / n).toFixed(1).replace(".", ",")} ms par requête)`);
' "$PWD/static/offline.js" "$tmp/index.json" "$file"
done
