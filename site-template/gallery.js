// Segmented control as WAI-ARIA tabs: roving tabindex, arrow keys, Home/End,
// selection follows focus (the panels are already in the page), and the URL
// hash names the selected photo so links, back and forward work.
(function () {
  "use strict";
  // A photo with transparency (an AVIF or WebP rendition) would show its blurred placeholder
  // through: once the photo has loaded, the placeholder goes.
  Array.prototype.forEach.call(document.querySelectorAll(".frame img.photo"), function (img) {
    var placeholder = img.closest(".frame").querySelector(".placeholder");
    if (!placeholder) return;
    function loaded() { placeholder.hidden = true; }
    if (img.complete && img.naturalWidth > 0) loaded(); else img.addEventListener("load", loaded, { once: true });
  });
  var list = document.querySelector('[role="tablist"]');
  if (!list) return;
  var tabs = Array.prototype.slice.call(list.querySelectorAll('[role="tab"]'));
  if (tabs.length === 0) return;
  document.documentElement.classList.add("js");
  var baseTitle = document.title;

  function panelOf(tab) { return document.getElementById(tab.getAttribute("aria-controls")); }

  function tabForHash() {
    var id = "";
    try { id = decodeURIComponent(location.hash.slice(1)); } catch (e) { id = ""; }
    for (var i = 0; i < tabs.length; i++) {
      if (tabs[i].getAttribute("aria-controls") === id) return tabs[i];
    }
    return tabs[0];
  }

  function select(tab, focus) {
    tabs.forEach(function (t) {
      var on = t === tab;
      t.setAttribute("aria-selected", on ? "true" : "false");
      t.tabIndex = on ? 0 : -1;
      var panel = panelOf(t);
      if (panel) panel.hidden = !on;
    });
    document.title = tab.getAttribute("data-title") + " \u2014 " + baseTitle;
    if (focus) tab.focus();
    if (list.scrollWidth > list.clientWidth) tab.scrollIntoView({ block: "nearest", inline: "nearest" });
  }

  function go(tab, focus, push) {
    var hash = "#" + tab.getAttribute("aria-controls");
    if (location.hash !== hash) history[push ? "pushState" : "replaceState"](null, "", hash);
    select(tab, focus);
  }

  list.addEventListener("click", function (event) {
    var tab = event.target.closest('[role="tab"]');
    if (!tab) return;
    event.preventDefault();
    go(tab, false, true);
  });

  list.addEventListener("keydown", function (event) {
    var index = tabs.indexOf(document.activeElement);
    if (index < 0) return;
    var next = null;
    switch (event.key) {
      case "ArrowRight": next = tabs[(index + 1) % tabs.length]; break;
      case "ArrowLeft": next = tabs[(index - 1 + tabs.length) % tabs.length]; break;
      case "Home": next = tabs[0]; break;
      case "End": next = tabs[tabs.length - 1]; break;
      case " ": case "Enter": next = tabs[index]; break;
      default: return;
    }
    event.preventDefault();
    go(next, true, false);
  });

  window.addEventListener("popstate", function () { select(tabForHash(), false); });
  window.addEventListener("hashchange", function () { select(tabForHash(), false); });
  select(tabForHash(), false);
})();
