// Renders the dependency graphs of module and scenario pages with the vendored mermaid.
// mermaid (5 MB) is loaded only on pages that have a diagram, from this site, never from elsewhere.
(function () {
  "use strict";
  var base = document.currentScript ? document.currentScript.src : document.baseURI;
  var started = false;

  function load(done) {
    if (window.mermaid) { done(); return; }
    var s = document.createElement("script");
    s.src = new URL("../reference/assets/mermaid.min.js", base).href;
    s.onload = done;
    s.onerror = function () { console.warn("paleo: the diagram library could not be loaded"); };
    document.head.appendChild(s);
  }

  function render() {
    var blocks = Array.prototype.slice.call(document.querySelectorAll("pre.paleo-diagram"));
    if (!blocks.length || started) { return; }
    started = true;
    load(function () {
      window.mermaid.initialize({ startOnLoad: false, securityLevel: "strict", theme: "neutral",
                                  flowchart: { htmlLabels: false } });
      blocks.reduce(function (chain, pre, i) {
        return chain.then(function () {
          return window.mermaid.render("paleo-diagram-" + i, pre.textContent).then(function (out) {
            var div = document.createElement("div");
            div.className = "paleo-diagram-svg";
            div.innerHTML = out.svg;
            pre.replaceWith(div);
          }, function (err) {
            pre.classList.add("paleo-diagram-failed");
            console.warn("paleo: a diagram could not be drawn", err);
          });
        });
      }, Promise.resolve());
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", render);
  } else {
    render();
  }
})();
