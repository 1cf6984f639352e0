// arbitre — progressive enhancement only: every page works without this file.
// - « / » focuses the search box from anywhere;
// - hovering or focusing a rule link shows its text in a card (from the JSON API, cached);
// - « Citer » copies « RC 608.2b — <permalink> » to the clipboard;
// - the rule in force beside an older text is unfolded on a wide screen (folded on a phone).
"use strict";

(function () {
  var search = document.getElementById("q");

  document.addEventListener("keydown", function (e) {
    var t = e.target;
    var typing = t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable);
    if (e.key === "/" && !typing && search) {
      e.preventDefault();
      search.focus();
      search.select();
    }
    if (e.key === "Escape") hide();
  });

  // Hover previews.
  var card = document.getElementById("apercu");
  var cache = new Map();
  var current = null;
  var hideTimer = null;

  function fetchRule(url) {
    if (!cache.has(url)) {
      cache.set(url, fetch(url, { headers: { Accept: "application/json" } }).then(function (r) {
        if (!r.ok) throw new Error(r.status);
        return r.json();
      }));
    }
    return cache.get(url);
  }

  function place(link) {
    var r = link.getBoundingClientRect();
    var top = window.scrollY + r.bottom + 6;
    var left = window.scrollX + Math.max(4, Math.min(r.left, document.documentElement.clientWidth - card.offsetWidth - 4));
    card.style.top = top + "px";
    card.style.left = left + "px";
  }

  function show(link) {
    var url = link.getAttribute("data-preview");
    if (!url || !card) return;
    clearTimeout(hideTimer);
    current = link;
    fetchRule(url).then(function (rule) {
      if (current !== link) return;
      card.textContent = "";
      var head = document.createElement("strong");
      head.textContent = "RC " + (rule.current ? rule.current.id : rule.id) + (rule.title ? " — " + rule.title : "");
      var body = document.createElement("span");
      var text = rule.text || (rule.children && rule.children.length ? "Sous-règles : " + rule.children.join(", ") : "(texte absent du corpus)");
      body.textContent = text.length > 600 ? text.slice(0, 600) + "…" : text;
      if (rule.language && rule.language !== "fr") body.lang = rule.language;
      card.appendChild(head);
      card.appendChild(body);
      card.hidden = false;
      place(link);
      link.setAttribute("aria-describedby", "apercu");
    }).catch(function () {});
  }

  function hide() {
    if (!card) return;
    card.hidden = true;
    if (current) current.removeAttribute("aria-describedby");
    current = null;
  }

  function later() {
    clearTimeout(hideTimer);
    hideTimer = setTimeout(hide, 150);
  }

  document.addEventListener("mouseover", function (e) {
    var link = e.target.closest && e.target.closest("a[data-preview]");
    if (link) show(link);
  });
  document.addEventListener("mouseout", function (e) {
    var link = e.target.closest && e.target.closest("a[data-preview]");
    if (link) later();
  });
  document.addEventListener("focusin", function (e) {
    var link = e.target.closest && e.target.closest("a[data-preview]");
    if (link) show(link); else hide();
  });
  if (card) {
    card.addEventListener("mouseover", function () { clearTimeout(hideTimer); });
    card.addEventListener("mouseout", later);
  }

  // « Citer ».
  document.querySelectorAll("button.cite").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      var text = button.getAttribute("data-cite") + " — " + location.origin + button.getAttribute("data-permalink");
      var status = button.parentElement.querySelector(".cite-status");
      var done = function () { if (status) status.textContent = "Copié : " + text; };
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(text).then(done, function () { fallback(text); done(); });
      } else {
        fallback(text);
        done();
      }
    });
  });

  function fallback(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    try { document.execCommand("copy"); } catch (e) {}
    document.body.removeChild(area);
  }
  // The rule in force, beside an older or translated text: open where there is room.
  if (window.matchMedia && window.matchMedia("(min-width: 48rem)").matches) {
    document.querySelectorAll("details[data-open-wide]").forEach(function (d) { d.open = true; });
  }
})();
