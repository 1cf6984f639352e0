// arbitre — the service worker, served at /sw.js (scope: the whole site).
// It answers from the cache « arbitre-hors-ligne » that « Disponible hors ligne »
// (static/offline.js) fills with the pages of /hors-ligne/liste.json:
// - pages and everything else: the network first, the cache when the network
//   fails or is slower than TIMEOUT (a venue's Wi-Fi); a page fetched
//   anew replaces its copy in the cache;
// - versioned files (/static/…?v=…): the cache first;
// - /recherche without network: the offline search page (/hors-ligne/recherche),
//   which searches the index kept in the cache; a page not kept: the same page,
//   which says so;
// - /api/regles/… (hover previews) without network: the rule's text from the index.
// Nothing is cached while the switch is off (no cache « arbitre-hors-ligne »);
// the download itself (header X-Arbitre-Hors-Ligne) goes to the network untouched.
"use strict";

var CACHE = "arbitre-hors-ligne";
var SHELL = "/hors-ligne/recherche";
var INDEX = "/hors-ligne/index.json";
var TIMEOUT = 4000;
var MATCH = { ignoreVary: true };

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.headers.get("X-Arbitre-Hors-Ligne")) return;
  if (url.pathname === "/sw.js" || url.pathname === "/hors-ligne/liste.json") return;
  if (url.pathname.indexOf("/static/") === 0 && url.searchParams.has("v")) {
    event.respondWith(cacheFirst(request));
    return;
  }
  event.respondWith(networkFirst(event, request, url));
});

function cacheFirst(request) {
  return caches.match(request, MATCH).then(function (kept) {
    return kept || fetch(request);
  });
}

// The network, unless it fails or takes longer than TIMEOUT while the cache has the page.
function networkFirst(event, request, url) {
  var network = fetch(request).then(function (response) {
    if (response.ok && response.type === "basic") event.waitUntil(refresh(request, response.clone()));
    return response;
  });
  return new Promise(function (resolve) {
    var settled = false;
    var settle = function (response) {
      if (!settled && response) {
        settled = true;
        resolve(response);
      }
    };
    var timer = setTimeout(function () { fromCache(request, url).then(settle); }, TIMEOUT);
    network.then(function (response) {
      clearTimeout(timer);
      settle(response);
    }, function () {
      clearTimeout(timer);
      fromCache(request, url).then(function (kept) { return kept || offline(request, url); }).then(settle);
    });
  });
}

// A page fetched anew replaces its copy, when the cache keeps it.
function refresh(request, response) {
  return caches.has(CACHE).then(function (on) {
    if (!on) return;
    return caches.open(CACHE).then(function (cache) {
      return cache.match(request, MATCH).then(function (kept) {
        if (kept) return cache.put(request, response);
      });
    });
  });
}

function fromCache(request, url) {
  if (url.pathname === "/recherche") return caches.match(SHELL, MATCH);
  return caches.match(request, MATCH);
}

// Without network and without a copy: the offline search page for a page
// (it says the page was not kept), the rule's text for a preview, else an error.
function offline(request, url) {
  if (request.mode === "navigate") {
    return caches.match(SHELL, MATCH).then(function (shell) { return shell || Response.error(); });
  }
  if (url.pathname.indexOf("/api/regles/") === 0) return preview(url);
  return Response.error();
}

var documents = null;

// The JSON of a rule for a hover preview, from the index: { id, title, text, language }.
function preview(url) {
  if (!documents) {
    documents = caches.match(INDEX, MATCH).then(function (r) {
      if (!r) throw new Error("index absent");
      return r.json();
    }).then(function (index) {
      var byUrl = new Map();
      index.documents.forEach(function (d) { if (!byUrl.has(d[0]) || d[2] === "fr") byUrl.set(d[0], d); });
      return byUrl;
    });
    documents.catch(function () { documents = null; });
  }
  var page = "/regles/" + url.pathname.slice("/api/regles/".length) + url.search;
  return documents.then(function (byUrl) {
    var d = byUrl.get(page);
    if (!d) return Response.error();
    var body = { id: d[1], title: d[3] || null, text: d[5], language: d[2] };
    return new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
  }).catch(function () { return Response.error(); });
}
