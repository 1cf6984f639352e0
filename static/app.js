// arbitre — progressive enhancement only: every page works without this file.
// - « / » focuses the search box from anywhere;
// - hovering or focusing a rule link shows its text in a card (from the JSON API, cached);
//   on a touch screen a first tap shows the card, with an « ouvrir » link, and a second
//   tap on the same link follows it;
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

  // French typography, as the server gives its pages (src/text.rs): no-break
  // spaces before « : ; ! ? » and inside « », curly apostrophes.
  function typo(t) {
    return t
      .replace(/ :/g, "\u00a0:")
      .replace(/ ([;!?»])/g, "\u202f$1")
      .replace(/« /g, "«\u202f")
      .replace(/(\p{L})'(?=\p{L})/gu, "$1\u2019");
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
      head.textContent = typo("RC " + (rule.current ? rule.current.id : rule.id) + (rule.title ? " — " + rule.title : ""));
      var body = document.createElement("span");
      var text = rule.text || (rule.children && rule.children.length ? "Sous-règles : " + rule.children.join(", ") : "(texte absent du corpus)");
      body.textContent = typo(text.length > 600 ? text.slice(0, 600) + "…" : text);
      if (rule.language && rule.language !== "fr") body.lang = rule.language;
      card.appendChild(head);
      card.appendChild(body);
      if (touched) {
        var open = document.createElement("a");
        open.href = link.getAttribute("href");
        open.className = "ouvrir";
        open.textContent = "Ouvrir la règle";
        card.appendChild(open);
      }
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

  // Touch: the first tap on a rule link previews it, the second follows it.
  var touched = false;
  var hoverless = window.matchMedia && window.matchMedia("(hover: none)").matches;
  document.addEventListener("pointerdown", function (e) {
    touched = e.pointerType === "touch" || e.pointerType === "pen" || hoverless;
  });
  document.addEventListener("click", function (e) {
    var link = e.target.closest && e.target.closest("a[data-preview]");
    if (!link) {
      if (touched && card && !card.hidden && !(e.target.closest && e.target.closest("#apercu"))) hide();
      return;
    }
    if (!touched || (current === link && card && !card.hidden)) return;
    e.preventDefault();
    show(link);
  });

  document.addEventListener("mouseover", function (e) {
    if (touched) return;
    var link = e.target.closest && e.target.closest("a[data-preview]");
    if (link) show(link);
  });
  document.addEventListener("mouseout", function (e) {
    if (touched) return;
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
