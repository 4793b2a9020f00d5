/* The Play page: the stdlib-only runtime under Pyodide (vendored under play/pyodide/), driven by clicks.
   Hot-seat: one seat's view at a time, a hand-over screen between seats. All text reaches the page through
   textContent, never as HTML. Nothing is fetched from outside this site. */
(function () {
  "use strict";
  var root = document.getElementById("paleo-play");
  if (!root || root.dataset.started) return;
  root.dataset.started = "1";
  var base = new URL("./", location.href);      // .../play/
  var siteRoot = new URL("../", base);           // the site's root
  var glue = null;
  var st = { seat: null, revealed: false, view: null, choices: null };
  var api = window.paleoPlay = { ready: false, timings: {}, readyMs: null, firstActionsMs: null, clicks: [],
                                 log: function () { return glue ? glue.raw_log() : "[]"; } };

  function el(tag, attrs, kids) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") e.textContent = attrs[k];
      else if (k === "cls") e.className = attrs[k];
      else e.setAttribute(k, attrs[k]);
    });
    (kids || []).forEach(function (c) { if (c) e.appendChild(typeof c === "string" ? document.createTextNode(c) : c); });
    return e;
  }
  function $(id) { return document.getElementById(id); }
  function status(text) { var s = $("play-status"); if (s) s.textContent = text; }
  function error(text) {
    var box = $("play-error");
    box.textContent = text || "";
    box.hidden = !text;
  }

  function loadScript(url) {
    return new Promise(function (ok, fail) {
      var s = document.createElement("script");
      s.src = url;
      s.onload = ok;
      s.onerror = function () { fail(new Error("cannot load " + url)); };
      document.head.appendChild(s);
    });
  }
  function fetchOk(name, kind) {
    return fetch(new URL(name, base)).then(function (r) {
      if (!r.ok) throw new Error(name + ": HTTP " + r.status);
      return kind === "bytes" ? r.arrayBuffer() : r.text();
    });
  }

  async function boot() {
    var meta;
    try {
      meta = await fetchOk("play-meta.json");
    } catch (e) {
      status("This build of the site has no Play assets (the main job adds them with its Play step).");
      return;
    }
    function mark(name) { api.timings[name] = Math.round(performance.now()); }
    mark("meta");
    status("Loading Python (Pyodide, from this site)…");
    await loadScript(new URL("pyodide/pyodide.js", base).href);
    var py = await loadPyodide({ indexURL: new URL("pyodide/", base).href, stdout: function () {}, stderr: function () {} });
    mark("pyodide");
    status("Loading the runtime and the bundle…");
    var parts = await Promise.all([fetchOk("runtime.zip", "bytes"), fetchOk("play-bundle.json"), fetchOk("play_glue.py")]);
    py.unpackArchive(parts[0], "zip", { extractDir: "/home/pyodide/paleo" });
    py.FS.writeFile("/home/pyodide/paleo/play_glue.py", parts[2]);
    py.FS.writeFile("/home/pyodide/play-bundle.json", parts[1]);
    py.runPython("import sys; sys.path.insert(0, '/home/pyodide/paleo')");
    mark("fetched");
    glue = py.pyimport("play_glue");
    mark("imported");
    st.choices = JSON.parse(glue.init("/home/pyodide/play-bundle.json", meta));
    mark("init");
    layout();
    api.ready = true;
    api.readyMs = performance.now();
  }

  // ---- the page's parts ---------------------------------------------------------------------------

  function layout() {
    root.textContent = "";
    var packs = st.choices.packs.join(", ");
    root.appendChild(el("div", { id: "play-banner", cls: "play-banner", role: "note" }, [
      el("strong", { text: "Synthetic cards. " }),
      "This page plays the synthetic " + (st.choices.packs.length > 1 ? "packs " : "pack ") + packs + ": " +
      st.choices.synthetic + " of the games. The rules come from the rulebooks; the cards do not."]));
    root.appendChild(el("p", { id: "play-error", cls: "play-error", role: "alert", hidden: "" }));
    root.appendChild(el("details", { id: "play-setup-box", cls: "play-setup-box", open: "" }, [
      el("summary", { text: "Setup: choose a game, its scenario or modules, boards, mode, players and seed" }), setupForm()]));
    root.appendChild(el("div", { id: "play-outcome", cls: "play-outcome", hidden: "" }));
    root.appendChild(el("div", { id: "play-handover", cls: "play-handover", hidden: "" }));
    root.appendChild(el("div", { id: "play-seat", cls: "play-seat" }));
    root.appendChild(saveLoad());
    root.appendChild(el("section", { id: "play-table", cls: "play-table", hidden: "" }, [
      el("h2", { text: "Event log" }),
      el("p", { cls: "play-log-note", text: "Every event is public; each links to the rule it comes from and names its rulebook section." }),
      el("ol", { id: "play-log", cls: "play-log" })]));
  }

  function setupForm() {
    var f = el("form", { id: "play-setup", cls: "play-setup" });
    f.appendChild(el("h2", { text: "Setup" }));
    var games = el("select", { id: "play-game", name: "game" });
    st.choices.games.forEach(function (g) { games.appendChild(el("option", { value: g.id, text: g.name })); });
    var detail = el("div", { id: "play-setup-detail" });
    f.appendChild(el("label", {}, ["Game ", games]));
    f.appendChild(detail);
    function fill() {
      var g = st.choices.games.find(function (x) { return x.id === games.value; });
      detail.textContent = "";
      var sc = el("select", { id: "play-scenario", name: "scenario" });
      g.scenarios.forEach(function (s) {
        var o = el("option", { value: s.id === null ? "" : s.id, text: s.name + (s.playable ? "" : " — not playable with this pack") });
        if (!s.playable) o.disabled = true;
        sc.appendChild(o);
      });
      var firstModule = g.scenarios.find(function (s) { return s.playable && s.id && s.id.indexOf(":") < 0; });
      if (firstModule) sc.value = firstModule.id;
      detail.appendChild(el("label", {}, ["Scenario or modules ", sc]));
      detail.appendChild(el("label", {}, ["or module letters joined by + ", el("input", { id: "play-modules", type: "text", placeholder: "A+B", size: "8" })]));
      if (g.boards.length) {
        var fs = el("fieldset", { id: "play-boards" }, [el("legend", { text: "Boards (none: the scenario's)" })]);
        g.boards.forEach(function (b) {
          fs.appendChild(el("label", {}, [el("input", { type: "checkbox", value: b.id }), " " + b.name]));
        });
        detail.appendChild(fs);
      }
      g.options.forEach(function (o) {
        var s = el("select", { "data-option": o.name, cls: "play-option" });
        o.allowed.forEach(function (v) { s.appendChild(el("option", { value: JSON.stringify(v), text: String(v) })); });
        s.value = JSON.stringify(o.default);
        detail.appendChild(el("label", {}, ["Mode: " + o.name + " ", s]));
      });
      detail.appendChild(el("label", {}, ["Players ", el("input", { id: "play-players", type: "number", min: String(g.players[0]),
        max: String(g.players[1]), value: String(Math.min(2, g.players[1])) })]));
      detail.appendChild(el("label", {}, ["Seed ", el("input", { id: "play-seed", type: "number", min: "0", value: "1" })]));
    }
    games.addEventListener("change", fill);
    fill();
    f.appendChild(el("button", { id: "play-start", type: "submit", cls: "md-button md-button--primary", text: "Start a new game" }));
    f.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var typed = $("play-modules").value.trim();
      var setup = { game: games.value, scenario: typed || $("play-scenario").value || null,
                    players: Number($("play-players").value), seed: Number($("play-seed").value),
                    boards: Array.prototype.map.call(f.querySelectorAll("#play-boards input:checked"), function (i) { return i.value; }),
                    options: {} };
      f.querySelectorAll(".play-option").forEach(function (s) { setup.options[s.dataset.option] = JSON.parse(s.value); });
      api.clicks = [];
      st.seat = null;
      st.revealed = false;
      show(JSON.parse(glue.start(JSON.stringify(setup))));
    });
    return f;
  }

  function saveLoad() {
    var text = el("textarea", { id: "play-save-text", rows: "3", spellcheck: "false",
                                placeholder: "A saved game (JSON) appears here; paste one to load it." });
    var dl = el("a", { id: "play-download", download: "paleo-game.json", hidden: "", text: "Download the save" });
    var file = el("input", { id: "play-load-file", type: "file", accept: ".json,application/json" });
    var saveBtn = el("button", { id: "play-save", type: "button", cls: "md-button", text: "Save" });
    var loadBtn = el("button", { id: "play-load", type: "button", cls: "md-button", text: "Load" });
    saveBtn.addEventListener("click", function () {
      var s = glue.save();
      if (!s) { error("There is no game to save yet: start one first."); return; }
      error("");
      text.value = s;
      if (dl.href) URL.revokeObjectURL(dl.href);
      dl.href = URL.createObjectURL(new Blob([s], { type: "application/json" }));
      dl.hidden = false;
    });
    loadBtn.addEventListener("click", function () { loadText(text.value); });
    file.addEventListener("change", function () {
      if (!file.files.length) return;
      file.files[0].text().then(function (t) { text.value = t; loadText(t); });
    });
    return el("section", { id: "play-saveload", cls: "play-saveload" }, [
      el("h2", { text: "Save and load" }), el("div", {}, [saveBtn, " ", dl, " ", loadBtn, " ", file]), text]);
  }

  function loadText(t) {
    if (!glue) return;
    var v = JSON.parse(glue.load(t));
    if (v.error) { error(v.error); return; }
    st.seat = null;
    st.revealed = false;
    show(v);
  }

  // ---- a game on the table ------------------------------------------------------------------------

  function show(v) {
    if (v.error) {
      error(v.error + (v.facts && v.facts.length ? " — " + v.facts.join("; ") : ""));
      return;
    }
    error("");
    st.view = v;
    $("play-table").hidden = false;
    $("play-setup-box").open = false;
    renderLog(v.log);
    var out = $("play-outcome");
    if (v.terminal) {
      out.hidden = false;
      out.textContent = "";
      var o = v.outcome || {};
      out.appendChild(el("h2", { text: "The game is over: " + (o.result === "win" ? "the tribe wins" : o.result === "loss" ? "the tribe loses" : "unfinished") }));
      out.appendChild(el("p", { text: [o.cause, o.tie ? "a tie within one resolution" : "",
        "days " + o.days, "victory tokens " + o.victory, "skulls " + o.skulls].filter(Boolean).join(" · ") }));
      $("play-handover").hidden = true;
      renderSeats(Object.keys(v.seats).map(Number), false);
      return;
    }
    out.hidden = true;
    var cur = v.current;
    if (st.seat !== null && cur.indexOf(st.seat) >= 0 && st.revealed) { renderSeats([st.seat], true); return; }
    var next = cur.indexOf(st.seat) >= 0 ? st.seat : cur[0];
    if (v.players === 1) { st.seat = next; st.revealed = true; renderSeats([next], true); return; }
    handOver(next);
  }

  function handOver(seat) {
    st.seat = seat;
    st.revealed = false;
    $("play-seat").textContent = "";      // nothing of any seat stays in the page
    var h = $("play-handover");
    h.textContent = "";
    h.hidden = false;
    var ok = el("button", { id: "play-handover-ok", type: "button", cls: "md-button md-button--primary", text: "I am P" + seat + ": show my view" });
    ok.addEventListener("click", function () {
      st.revealed = true;
      h.hidden = true;
      renderSeats([seat], true);
    });
    h.appendChild(el("h2", { text: "Hand the device to P" + seat }));
    h.appendChild(el("p", { text: "Only P" + seat + " should look at the screen now: the next view shows P" + seat + "'s cards and choices." }));
    h.appendChild(ok);
  }

  function renderSeats(seats, playing) {
    var box = $("play-seat");
    box.textContent = "";
    var v = st.view;
    seats.forEach(function (p) {
      var seat = v.seats[String(p)];
      var sec = el("section", { cls: "play-seat-view", "data-seat": String(p) });
      sec.appendChild(el("h2", { text: (playing ? "P" + p + " to act" : "P" + p + "'s view at the end") }));
      if (playing) {
        var acts = el("div", { id: "play-actions", cls: "play-actions" });
        seat.actions.forEach(function (a) {
          var b = el("button", { type: "button", cls: "play-action md-button", "data-seat": String(p), "data-index": String(a.i), text: a.label });
          b.addEventListener("click", function () { click(p, a.i); });
          acts.appendChild(b);
        });
        sec.appendChild(acts);
        var others = v.current.filter(function (q) { return q !== p; });
        if (others.length) {
          var pass = el("p", { cls: "play-others" }, ["Also free to act now: "]);
          others.forEach(function (q) {
            var b = el("button", { type: "button", cls: "md-button play-pass", "data-seat": String(q), text: "hand over to P" + q });
            b.addEventListener("click", function () { handOver(q); });
            pass.appendChild(b);
          });
          sec.appendChild(pass);
        }
        if (api.firstActionsMs === null && seat.actions.length) api.firstActionsMs = performance.now();
      }
      sec.appendChild(el("h3", { text: "What P" + p + " sees" }));
      sec.appendChild(tree(seat.observation));
      box.appendChild(sec);
    });
  }

  function click(seat, index) {
    api.clicks.push([seat, index]);
    // a save holds the whole state, hidden cards too: it does not stay on the table once play goes on
    $("play-save-text").value = "";
    $("play-download").hidden = true;
    show(JSON.parse(glue.act(seat, index)));
  }

  function tree(value) {
    if (Array.isArray(value)) {
      if (!value.length) return el("span", { cls: "play-none", text: "none" });
      if (value.every(function (x) { return typeof x !== "object" || x === null; })) return el("span", { text: value.join(", ") });
      var ol = el("ol", { start: "0" });
      value.forEach(function (x) { ol.appendChild(el("li", {}, [tree(x)])); });
      return ol;
    }
    if (value !== null && typeof value === "object") {
      var dl = el("dl", { cls: "play-obs" });
      Object.keys(value).forEach(function (k) {
        dl.appendChild(el("dt", { text: k }));
        dl.appendChild(el("dd", {}, [tree(value[k])]));
      });
      return dl;
    }
    return el("span", { text: value === null ? "—" : String(value) });
  }

  function renderLog(lines) {
    var ol = $("play-log");
    ol.textContent = "";
    lines.forEach(function (l, i) {
      var li = el("li", { "data-event": String(i) }, [el("span", { cls: "play-day", text: (i + 1) + (l.when ? " · " + l.when : "") + " " }), l.text + " "]);
      var a = el("a", { cls: "play-rule", href: new URL(l.href, siteRoot).href, text: l.rule });
      if (l.cite) a.title = l.cite;
      li.appendChild(el("span", { cls: "play-source" }, ["(", a, l.cite ? " — " + l.cite : "", ")"]));
      ol.appendChild(li);
    });
  }

  boot().catch(function (e) {
    status("The runtime could not start: " + (e && e.message ? e.message : e));
    console.error("paleo play:", e);
  });
})();
