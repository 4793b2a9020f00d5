// The offline copy's stand-in for web workers. Opened from file://, a page may not start a worker
// from a file, so the site's search would never answer. Under file:// only, `Worker` becomes a
// hidden same-page frame that runs the worker's script and passes messages both ways. (The offline
// plugin would load such a stand-in from a server elsewhere; this one ships with the site.)
(function () {
  "use strict";
  if (location.protocol !== "file:" || window.__paleoFileWorker) { return; }
  window.__paleoFileWorker = true;

  function copy(data) {
    try { return typeof structuredClone === "function" ? structuredClone(data) : JSON.parse(JSON.stringify(data)); }
    catch (e) { return data; }
  }

  function FileWorker(url) {
    var self = this;
    var listeners = { message: [], error: [] };
    var queue = [];
    var ready = false;
    var frame = document.createElement("iframe");
    frame.hidden = true;
    frame.setAttribute("aria-hidden", "true");
    frame.setAttribute("tabindex", "-1");
    (document.body || document.documentElement).appendChild(frame);
    var win = frame.contentWindow;

    function emit(type, event) {
      var fn = self["on" + type];
      if (typeof fn === "function") { fn.call(self, event); }
      listeners[type].forEach(function (l) { l.call(self, event); });
    }

    // Inside the frame: what a worker's global scope offers that the script uses.
    win.postMessage = function (data) {
      var event = new MessageEvent("message", { data: copy(data) });
      setTimeout(function () { emit("message", event); }, 0);
    };
    win.importScripts = function () {
      throw new Error("importScripts is not available in the offline copy");
    };
    win.close = function () {};
    win.onerror = function (message) { emit("error", new ErrorEvent("error", { message: String(message) })); };

    function deliver(data) {
      win.dispatchEvent(new win.MessageEvent("message", { data: copy(data) }));
    }

    var script = win.document.createElement("script");
    script.src = new URL(url, document.baseURI).href;
    script.onload = function () {
      ready = true;
      queue.splice(0).forEach(deliver);
    };
    script.onerror = function () { emit("error", new ErrorEvent("error", { message: "cannot load " + url })); };
    win.document.head.appendChild(script);

    this.postMessage = function (data) { if (ready) { deliver(data); } else { queue.push(data); } };
    this.addEventListener = function (type, fn) { if (listeners[type]) { listeners[type].push(fn); } };
    this.removeEventListener = function (type, fn) {
      if (listeners[type]) { listeners[type] = listeners[type].filter(function (l) { return l !== fn; }); }
    };
    this.terminate = function () { frame.remove(); };
  }

  window.Worker = FileWorker;
})();
