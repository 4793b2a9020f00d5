// Facets for index tables: a <div class="paleo-facets" data-facets="Game,Product,..."> before a table
// gets one menu per named column and a name filter; rows are shown or hidden in the page, with no
// request, so the filters work in the offline copy too.
(function () {
  "use strict";

  function text(cell) { return (cell ? cell.textContent : "").replace(/\s+/g, " ").trim(); }

  function setup(marker) {
    if (marker.dataset.paleoReady) { return; }
    var next = marker.nextElementSibling;
    var table = next && (next.tagName === "TABLE" ? next : next.querySelector("table"));
    if (!table) { return; }
    marker.dataset.paleoReady = "1";
    var heads = Array.prototype.map.call(table.querySelectorAll("thead th"), text);
    var rows = Array.prototype.slice.call(table.querySelectorAll("tbody tr"));
    var wanted = (marker.dataset.facets || "").split(",").filter(Boolean);
    var selects = [];
    var form = document.createElement("form");
    form.className = "paleo-facet-form";
    form.setAttribute("role", "search");
    form.addEventListener("submit", function (e) { e.preventDefault(); });

    var name = document.createElement("input");
    name.type = "search";
    name.placeholder = "Name contains";
    name.setAttribute("aria-label", "Name contains");
    name.className = "paleo-facet-name";
    form.appendChild(name);

    wanted.forEach(function (facet) {
      var col = heads.indexOf(facet);
      if (col < 0) { return; }
      var values = {};
      rows.forEach(function (r) { var v = text(r.cells[col]); if (v) { values[v] = (values[v] || 0) + 1; } });
      var label = document.createElement("label");
      label.textContent = facet + " ";
      var select = document.createElement("select");
      select.dataset.column = String(col);
      select.name = facet.toLowerCase();
      var any = document.createElement("option");
      any.value = "";
      any.textContent = "any";
      select.appendChild(any);
      Object.keys(values).sort().forEach(function (v) {
        var o = document.createElement("option");
        o.value = v;
        o.textContent = v + " (" + values[v] + ")";
        select.appendChild(o);
      });
      label.appendChild(select);
      form.appendChild(label);
      selects.push(select);
    });

    var shown = document.createElement("output");
    shown.className = "paleo-facet-count";
    form.appendChild(shown);

    function apply() {
      var needle = name.value.trim().toLowerCase();
      var n = 0;
      rows.forEach(function (r) {
        var ok = !needle || text(r.cells[0]).toLowerCase().indexOf(needle) >= 0;
        selects.forEach(function (s) { if (ok && s.value && text(r.cells[+s.dataset.column]) !== s.value) { ok = false; } });
        r.hidden = !ok;
        if (ok) { n += 1; }
      });
      shown.textContent = n + " of " + rows.length + " shown";
    }
    form.addEventListener("input", apply);
    form.addEventListener("change", apply);
    marker.appendChild(form);
    apply();
  }

  function render() { Array.prototype.forEach.call(document.querySelectorAll(".paleo-facets"), setup); }

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(render);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", render);
  } else {
    render();
  }
})();
