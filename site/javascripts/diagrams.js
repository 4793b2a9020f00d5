// Renders the dependency diagrams of module and scenario pages with the vendored mermaid.
// mermaid (5 MB) is loaded only on pages that have a diagram, from this site, never from elsewhere.
// A diagram inside a closed <details> (the full graph) is drawn when it is opened: mermaid measures
// text, which it cannot do in a hidden element. With instant navigation every new page is drawn too.
(function () {
  "use strict";
  var base = document.currentScript ? document.currentScript.src : document.baseURI;
  var loading = null;
  var count = 0;
  var FONT = 14;      // the diagrams' text size
  var SMALLEST = 12;  // a summary diagram is shrunk to fit the page, never below this text size

  function load() {
    if (window.mermaid) { return Promise.resolve(); }
    if (loading) { return loading; }
    loading = new Promise(function (resolve, reject) {
      var s = document.createElement("script");
      s.src = new URL("../reference/assets/mermaid.min.js", base).href;
      s.onload = function () {
        window.mermaid.initialize({ startOnLoad: false, securityLevel: "strict", theme: "neutral",
                                    themeVariables: { fontSize: FONT + "px" },
                                    flowchart: { htmlLabels: false, useMaxWidth: false, nodeSpacing: 24, rankSpacing: 36,
                                                 padding: 6, wrappingWidth: 150 } });
        resolve();
      };
      s.onerror = function () { console.warn("paleo: the diagram library could not be loaded"); reject(); };
      document.head.appendChild(s);
    });
    return loading;
  }

  function draw(blocks) {
    if (!blocks.length) { return Promise.resolve(); }
    return load().then(function () {
      return blocks.reduce(function (chain, pre) {
        return chain.then(function () {
          if (!pre.isConnected || pre.dataset.paleoDrawing) { return null; }
          pre.dataset.paleoDrawing = "1";
          count += 1;
          return window.mermaid.render("paleo-diagram-" + count, pre.textContent).then(function (out) {
            var div = document.createElement("div");
            div.className = "paleo-diagram-svg" + (pre.classList.contains("paleo-diagram-full") ? " paleo-diagram-svg-full" : "");
            div.innerHTML = out.svg;
            pre.replaceWith(div);
            fit(div);
          }, function (err) {
            pre.classList.add("paleo-diagram-failed");
            console.warn("paleo: a diagram could not be drawn", err);
          });
        });
      }, Promise.resolve());
    });
  }

  // A summary diagram wider than the page is shrunk to the page's width if its text stays at least
  // SMALLEST px; otherwise it keeps its size and scrolls. The full graph always keeps its size.
  function fit(div) {
    var svg = div.querySelector("svg");
    if (!svg || div.classList.contains("paleo-diagram-svg-full")) { return; }
    var natural = svg.viewBox && svg.viewBox.baseVal && svg.viewBox.baseVal.width;
    var room = div.clientWidth;
    if (!natural || !room || natural <= room) { return; }
    if (room / natural * FONT >= SMALLEST) {
      svg.setAttribute("width", String(room));
      svg.setAttribute("height", String(svg.viewBox.baseVal.height * room / natural));
      svg.style.maxWidth = room + "px";
    }
  }

  function render() {
    var all = Array.prototype.slice.call(document.querySelectorAll("pre.paleo-diagram"));
    draw(all.filter(function (pre) { var d = pre.closest("details"); return !d || d.open; }));
    Array.prototype.forEach.call(document.querySelectorAll("details.paleo-full-graph"), function (d) {
      if (d.dataset.paleoWatched) { return; }
      d.dataset.paleoWatched = "1";
      d.addEventListener("toggle", function () {
        if (d.open) { draw(Array.prototype.slice.call(d.querySelectorAll("pre.paleo-diagram"))); }
      });
    });
  }

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(render);  // instant navigation: every page it shows
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", render);
  } else {
    render();
  }
})();
