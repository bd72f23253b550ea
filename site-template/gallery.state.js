// galgen's pages, enhanced. Everything works without it: the segments and the previous/next
// buttons are links to each photo's own page. With it, over http(s):
// - moving between photos swaps the next photo's page in place (its own HTML, fetched and parsed),
//   with history, back and forward, and the title following;
// - the previous and next pages, and their photos, are fetched ahead, so moving is instant;
// - the stage takes swipes, goes full screen, and zooms into the largest rendition.
// From file:// (where browsers refuse fetch) or after any error, links simply load their page.
// One classic script (modules do not load from file://) joined from parts; this is what they share.
var doc = document;
doc.documentElement.classList.add("js");
var rtl = getComputedStyle(doc.documentElement).direction === "rtl";
var reducedMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : { matches: false };
function noop() {}
function each(list, action) { Array.prototype.forEach.call(list, action); }

// A photo with transparency (an AVIF or WebP rendition) would show its blurred placeholder
// through: once the photo has loaded, the placeholder goes.
function dropPlaceholders(root) {
  each(root.querySelectorAll(".frame img.photo"), function (img) {
    var placeholder = img.closest(".frame").querySelector(".placeholder");
    if (!placeholder) return;
    function loaded() { placeholder.hidden = true; }
    if (img.complete && img.naturalWidth > 0) loaded(); else img.addEventListener("load", loaded, { once: true });
  });
}
dropPlaceholders(doc);

// Old links: album/index.html#harbour leads to harbour/index.html. Only on an album's first
// overview page (no previous page), and never for the grid's own ids (grid.harbour: a dot, never
// in a slug).
if (doc.querySelector("main.overview") && !doc.querySelector(".page-prev") && /^#[A-Za-z0-9][A-Za-z0-9_-]*$/.test(location.hash)) {
  var oldSlug = location.hash.slice(1);
  if (!doc.getElementById(oldSlug)) { location.replace(encodeURIComponent(oldSlug) + "/index.html"); return; }
}

var viewer = doc.querySelector(".viewer");
var list = viewer && viewer.querySelector('[role="tablist"]');
if (!viewer || !list) return;
var panel = viewer.querySelector('[role="tabpanel"]');
var stage = viewer.querySelector(".stage") || viewer;

// Moves swap pages in place only where fetch works and the page has the viewer's parts.
var instant = /^https?:$/.test(location.protocol) && !!(window.fetch && window.DOMParser && history.pushState) && !!panel;

function bare(href) {
  var url = new URL(href, location.href);
  url.hash = "";
  return url.href;
}
function tabs() { return Array.from(list.querySelectorAll('[role="tab"]')); }
function selectedTab() { return list.querySelector('[role="tab"][aria-selected="true"]'); }
function plainClick(event) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
function importAll(nodes) {
  return Array.from(nodes, function (node) { return doc.importNode(node, true); });
}
function copyAttributes(target, source) {
  Array.from(target.attributes).forEach(function (attribute) {
    if (!source.hasAttribute(attribute.name)) target.removeAttribute(attribute.name);
  });
  each(source.attributes, function (attribute) {
    if (target.getAttribute(attribute.name) !== attribute.value) target.setAttribute(attribute.name, attribute.value);
  });
  if (target.innerHTML !== source.innerHTML) target.replaceChildren.apply(target, importAll(source.childNodes));
}

// Set by one part for the others:
var rove, reveal, syncTabs, load, move, step, announce, mute, preloadNeighbours, icon, button, tools, nextSlide;
var dialog, openZoom, lastPointer = "mouse";
