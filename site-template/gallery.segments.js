// The segments, a WAI-ARIA tab list with a roving tabindex.
rove = function (target) { tabs().forEach(function (tab) { tab.tabIndex = tab === target ? 0 : -1; }); };

// Scrolls the bar (only the bar, never the page) to show a segment in its middle.
// (Layout offsets, not boxes: a segment may be mid-glide.)
reveal = function (tab, smooth) {
  if (!tab || list.scrollWidth <= list.clientWidth) return;
  var left = tab.offsetParent === list ? tab.offsetLeft - (list.clientWidth - tab.offsetWidth) / 2
    : list.scrollLeft + tab.getBoundingClientRect().left - list.getBoundingClientRect().left - (list.clientWidth - tab.offsetWidth) / 2;
  list.scrollTo({ left: left, behavior: smooth && !reducedMotion.matches ? "smooth" : "auto" });
};

rove(selectedTab() || tabs()[0]);
reveal(selectedTab(), false);
if (rtl && doc.readyState !== "complete") window.addEventListener("load", function () { reveal(selectedTab(), false); }, { once: true });

// The segments of the new window, keeping the elements of those already shown (by id), so
// the focused one keeps focus and their thumbnails stay painted. Kept ones are never moved.
syncTabs = function (nextList) {
  var kept = {}, was = {};
  tabs().forEach(function (tab) { kept[tab.id] = tab; was[tab.id] = tab.getBoundingClientRect().left; });
  var wantedTabs = Array.from(nextList.querySelectorAll('[role="tab"]'), function (source) {
    var tab = source.id && kept[source.id];
    if (!tab) return doc.importNode(source, true);
    delete kept[source.id];
    copyAttributes(tab, source);
    return tab;
  });
  Object.keys(kept).forEach(function (id) { kept[id].remove(); });
  var cursor = list.firstElementChild;
  wantedTabs.forEach(function (tab) {
    if (tab === cursor) cursor = cursor.nextElementSibling;
    else list.insertBefore(tab, cursor);
  });
  list.className = nextList.className;
  glide(wantedTabs, was);
};

// Segments still in the window glide from where they were to their new place (a transform:
// no layout shift), new ones fade in; at once with reduced motion.
function glide(all, was) {
  var moved = [];
  all.forEach(function (tab) {
    if (!(tab.id in was)) { tab.classList.add("is-new"); moved.push(tab); return; }
    var dx = was[tab.id] - tab.getBoundingClientRect().left;
    if (Math.abs(dx) < 0.5) return;
    tab.style.transition = "none";
    tab.style.transform = "translateX(" + dx + "px)";
    moved.push(tab);
  });
  if (!moved.length) return;
  list.getBoundingClientRect();
  requestAnimationFrame(function () {
    moved.forEach(function (tab) {
      tab.style.transition = "";
      tab.style.transform = "";
      tab.classList.remove("is-new");
    });
  });
}
