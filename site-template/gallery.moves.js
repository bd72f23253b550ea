// Moving between photos without a reload: pages are the data.
var shown = bare(location.href);   // the page whose photo is on screen
var wanted = shown;                // the page last asked for
var moves = 0;                     // a move's number: only the latest one's page is shown
var pages = new Map();             // url → { doc, promise }: fetched pages, latest last

load = function (url) {
  var entry = pages.get(url);
  if (entry) { pages.delete(url); pages.set(url, entry); return entry; }
  entry = { doc: null, promise: null };
  entry.promise = fetch(url, { credentials: "same-origin" }).then(function (response) {
    if (!response.ok) throw new Error(url + ": HTTP " + response.status);
    return response.text();
  }).then(function (text) {
    entry.doc = new DOMParser().parseFromString(text, "text/html");
    return entry.doc;
  });
  entry.promise.catch(function () { if (pages.get(url) === entry) pages.delete(url); });
  pages.set(url, entry);
  while (pages.size > 24) pages.delete(pages.keys().next().value);
  return entry;
};

function markSelected(url) {
  var target = null;
  tabs().forEach(function (tab) { if (bare(tab.href) === url) target = tab; });
  if (!target) return;
  tabs().forEach(function (tab) {
    var on = tab === target;
    tab.setAttribute("aria-selected", on ? "true" : "false");
    if (on) tab.setAttribute("aria-controls", "photo"); else tab.removeAttribute("aria-controls");
  });
  rove(target);
}

// Shows the page at `href`: at once when it was fetched ahead, else when it arrives.
move = function (href, fromHistory) {
  var url = bare(href);
  if (!instant) { if (url !== shown) location.assign(url); return; }
  if (url === wanted) return;
  var number = ++moves;
  wanted = url;
  if (!fromHistory) history.pushState(null, "", url);
  markSelected(url);
  if (url === shown) { panel.removeAttribute("aria-busy"); return; }
  var entry = load(url);
  if (entry.doc) { show(entry.doc, url, number); return; }
  panel.setAttribute("aria-busy", "true");
  entry.promise.then(function (page) { show(page, url, number); }, function () {
    if (number === moves) location.replace(url);
  });
};

list.addEventListener("click", function (event) {
  var tab = event.target.closest('[role="tab"]');
  if (!tab || !instant || !plainClick(event)) return;
  event.preventDefault();
  rove(tab);
  move(tab.href);
});

window.addEventListener("popstate", function () { move(location.href, true); });

// Swaps in `page`'s segments, photo or video (one playing is paused), caption, previous/next links,
// overview link and title.
// A response that is no longer the latest move, or no longer where history is, never shows.
function show(page, url, number) {
  if (number !== moves || bare(location.href) !== url) return;
  var nextList = page.querySelector('.viewer [role="tablist"]');
  var nextPanel = page.querySelector('.viewer [role="tabpanel"]');
  if (!nextList || !nextPanel) { location.replace(url); return; }
  var active = doc.activeElement;
  var focusInList = list.contains(active), focusInPanel = panel.contains(active);

  syncTabs(nextList);
  ["aria-labelledby", "aria-label"].forEach(function (name) {
    if (nextPanel.hasAttribute(name)) panel.setAttribute(name, nextPanel.getAttribute(name));
  });
  each(panel.querySelectorAll("video"), function (video) { video.pause(); });
  panel.replaceChildren.apply(panel, importAll(nextPanel.childNodes));
  panel.removeAttribute("aria-busy");
  syncSteps(page.querySelector(".viewer .steps"));
  var link = viewer.querySelector(".overview-link"), nextLink = page.querySelector(".viewer .overview-link");
  if (link && nextLink) {
    link.setAttribute("href", nextLink.getAttribute("href"));
    link.textContent = nextLink.textContent;
  }
  doc.title = page.title;
  shown = url;
  dropPlaceholders(panel);

  var selected = selectedTab();
  rove(selected);
  reveal(selected, true);
  if (focusInList && !list.contains(doc.activeElement) && selected) selected.focus({ preventScroll: true });
  else if (focusInPanel) panel.focus({ preventScroll: true });
  announce(focusInList);
  preloadNeighbours();
  nextSlide();
}

// The previous/next links are kept (focus stays on the one pressed), their targets updated.
function syncSteps(nextSteps) {
  var steps = viewer.querySelector(".steps");
  if (!steps || !nextSteps) return;
  ["step--prev", "step--next"].forEach(function (name) {
    var link = steps.querySelector("." + name), source = nextSteps.querySelector("." + name);
    if (link && source) copyAttributes(link, source);
    else if (source) {
      var added = doc.importNode(source, true);
      if (name === "step--prev") steps.insertBefore(added, steps.firstChild); else steps.appendChild(added);
    } else if (link) {
      if (link === doc.activeElement) {
        var other = steps.querySelector(name === "step--prev" ? ".step--next" : ".step--prev");
        (other || panel).focus({ preventScroll: true });
      }
      link.remove();
    }
  });
}

viewer.addEventListener("click", function (event) {
  var link = event.target.closest && event.target.closest(".steps a.step");
  if (!link || !instant || !plainClick(event)) return;
  event.preventDefault();
  move(link.href);
});

step = function (direction) {
  var link = viewer.querySelector(direction < 0 ? ".step--prev" : ".step--next");
  if (link) move(link.href);
};
