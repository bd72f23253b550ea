// galgen's pages, enhanced. Everything works without it: the segments and the previous/next
// buttons are links to each photo's own page. With it, over http(s):
// - moving between photos swaps the next photo's page in place (its own HTML, fetched and parsed),
//   with history, back and forward, and the title following;
// - the previous and next pages, and their photos, are fetched ahead, so moving is instant;
// - the stage takes swipes, goes full screen, and zooms into the largest rendition.
// From file:// (where browsers refuse fetch) or after any error, links simply load their page.
// One classic script, no modules: modules do not load from file://.
(function () {
  "use strict";
  var doc = document;
  doc.documentElement.classList.add("js");
  var reducedMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : { matches: false };
  function noop() {}
  function each(list, action) { Array.prototype.forEach.call(list, action); }

  // ---- Placeholders -------------------------------------------------------------------------
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

  // ---- Links from before photos had pages ---------------------------------------------------
  // album/index.html#harbour leads to harbour/index.html. Only on an album's first overview page
  // (no previous page), and never for the grid's own ids (grid.harbour: a dot, never in a slug).
  var overview = doc.querySelector("main.overview");
  if (overview && !doc.querySelector(".page-prev") && /^#[A-Za-z0-9][A-Za-z0-9_-]*$/.test(location.hash)) {
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
  function tabs() { return Array.prototype.slice.call(list.querySelectorAll('[role="tab"]')); }
  function selectedTab() { return list.querySelector('[role="tab"][aria-selected="true"]'); }
  function plainClick(event) {
    return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
  }

  // ---- The segmented control: a WAI-ARIA tab list ------------------------------------------
  // A roving tabindex: Tab enters the list at the selected segment. Arrow keys, Home and End
  // move focus among the segments shown (a window of the album around the photo); when moves are
  // instant, selection follows focus (the photo shows as focus arrives), else Enter opens it.
  function rove(target) { tabs().forEach(function (tab) { tab.tabIndex = tab === target ? 0 : -1; }); }

  // Scrolls the bar (only the bar, never the page) to show a segment in its middle.
  // (Layout offsets, not boxes: a segment may be mid-glide.)
  function reveal(tab, smooth) {
    if (!tab || list.scrollWidth <= list.clientWidth) return;
    var left = tab.offsetParent === list ? tab.offsetLeft - (list.clientWidth - tab.offsetWidth) / 2
      : list.scrollLeft + tab.getBoundingClientRect().left - list.getBoundingClientRect().left - (list.clientWidth - tab.offsetWidth) / 2;
    list.scrollTo({ left: left, behavior: smooth && !reducedMotion.matches ? "smooth" : "auto" });
  }

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

  rove(selectedTab() || tabs()[0]);
  reveal(selectedTab(), false);

  list.addEventListener("keydown", function (event) {
    var all = tabs(), index = all.indexOf(doc.activeElement);
    if (index < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    var first = all[0], last = all[all.length - 1];
    // Wrapping around only makes sense when the window is the whole album.
    var whole = first.getAttribute("aria-posinset") === "1" &&
      last.getAttribute("aria-posinset") === last.getAttribute("aria-setsize");
    var next;
    switch (event.key) {
      case "ArrowRight": next = all[index + 1] || (whole ? first : null); break;
      case "ArrowLeft": next = all[index - 1] || (whole ? last : null); break;
      case "Home": next = first; break;
      case "End": next = last; break;
      case " ": event.preventDefault(); all[index].click(); return;
      default: return;
    }
    event.preventDefault();
    if (!next || next === all[index]) return;
    rove(next);
    next.focus();
    reveal(next, true);
    if (instant) move(next.href);
  });

  list.addEventListener("click", function (event) {
    var tab = event.target.closest('[role="tab"]');
    if (!tab || !instant || !plainClick(event)) return;
    event.preventDefault();
    rove(tab);
    move(tab.href);
  });

  // ---- Moving without a reload: pages are the data ------------------------------------------
  var shown = bare(location.href);   // the page whose photo is on screen
  var wanted = shown;                // the page last asked for
  var moves = 0;                     // a move's number: only the latest one's page is shown
  var pages = new Map();             // url → { doc, promise }: fetched pages, latest last

  function load(url) {
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
  }

  // Shows the page at `href`: at once when it was fetched ahead, else when it arrives.
  function move(href, fromHistory) {
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
  }

  window.addEventListener("popstate", function () { move(location.href, true); });

  // What a move shows, said to screen readers when focus is not on its segment (which says it).
  var status = doc.createElement("p");
  status.className = "visually-hidden";
  status.setAttribute("role", "status");
  viewer.appendChild(status);

  // Swaps in `page`'s segments, photo, caption, previous/next links, overview link and title.
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
    var heading = panel.querySelector("h2");
    status.textContent = focusInList ? "" : [heading && heading.textContent, panel.getAttribute("aria-label")].filter(Boolean).join(", ");
    preloadNeighbours();
    if (playing) nextSlide();
  }

  function importAll(nodes) {
    return Array.prototype.map.call(nodes, function (node) { return doc.importNode(node, true); });
  }

  function copyAttributes(target, source) {
    each(Array.prototype.slice.call(target.attributes), function (attribute) {
      if (!source.hasAttribute(attribute.name)) target.removeAttribute(attribute.name);
    });
    each(source.attributes, function (attribute) {
      if (target.getAttribute(attribute.name) !== attribute.value) target.setAttribute(attribute.name, attribute.value);
    });
    if (target.innerHTML !== source.innerHTML) target.replaceChildren.apply(target, importAll(source.childNodes));
  }

  // The segments of the new window, keeping the elements of those already shown (by id), so
  // the focused one keeps focus and their thumbnails stay painted. Kept ones are never moved.
  function syncTabs(nextList) {
    var kept = {}, was = {};
    tabs().forEach(function (tab) { kept[tab.id] = tab; was[tab.id] = tab.getBoundingClientRect().left; });
    var wantedTabs = Array.prototype.map.call(nextList.querySelectorAll('[role="tab"]'), function (source) {
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
  }

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

  function step(direction) {
    var link = viewer.querySelector(direction < 0 ? ".step--prev" : ".step--next");
    if (link) move(link.href);
  }

  // Left and right arrow keys anywhere else on the page step to the previous or next photo.
  doc.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var target = event.target;
    if (target.closest && target.closest('[role="tablist"], input, textarea, select, [contenteditable], dialog')) return;
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      event.preventDefault();
      step(event.key === "ArrowLeft" ? -1 : 1);
    }
  });

  // ---- Fetching ahead -----------------------------------------------------------------------
  // The neighbours' pages, and their photos through a hidden copy of their <picture> (same
  // srcset, sizes and sources, so the browser picks the very file the page will show).
  var warm = doc.createElement("div");
  warm.className = "preload";
  warm.hidden = true;
  warm.setAttribute("aria-hidden", "true");
  var warmed = [];

  function idle(work) {
    if (window.requestIdleCallback) window.requestIdleCallback(work, { timeout: 1500 }); else setTimeout(work, 200);
  }

  function preloadNeighbours() {
    if (!instant) return;
    idle(function () {
      each(viewer.querySelectorAll(".steps a.step"), function (link) {
        var url = bare(link.href);
        load(url).promise.then(function (page) { warmPhoto(page, url); }, noop);
      });
    });
  }

  function warmPhoto(page, url) {
    if (warmed.indexOf(url) >= 0) return;
    var photo = page.querySelector(".viewer .frame img.photo");
    if (!photo) return;
    var copy = doc.importNode(photo.closest("picture") || photo, true);
    var img = copy.tagName === "IMG" ? copy : copy.querySelector("img");
    img.removeAttribute("fetchpriority");
    img.setAttribute("loading", "eager");
    img.setAttribute("alt", "");
    if (!warm.parentNode) viewer.appendChild(warm);
    warm.appendChild(copy);
    warmed.push(url);
    if (warmed.length > 6) { warmed.shift(); warm.removeChild(warm.firstElementChild); }
    if (img.decode) img.decode().catch(noop);
  }

  if (doc.readyState === "complete") preloadNeighbours();
  else window.addEventListener("load", preloadNeighbours, { once: true });

  // ---- Buttons over the stage ---------------------------------------------------------------
  var SVG = "http://www.w3.org/2000/svg";
  var ICONS = {
    zoomIn: ["M10.5 4a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13z", "M15.5 15.5L20 20", "M8 10.5h5", "M10.5 8v5"],
    zoomOut: ["M10.5 4a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13z", "M15.5 15.5L20 20", "M8 10.5h5"],
    enter: ["M4 9V4h5", "M15 4h5v5", "M20 15v5h-5", "M9 20H4v-5"],
    leave: ["M9 4v5H4", "M20 9h-5V4", "M15 20v-5h5", "M4 15h5v5"],
    close: ["M6 6l12 12", "M18 6L6 18"],
    play: ["M8 5.5v13l10.5-6.5z"],
    pause: ["M8.5 5.5v13", "M15.5 5.5v13"]
  };
  function icon(name) {
    var svg = doc.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 0 24 24");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    ICONS[name].forEach(function (d) {
      var path = doc.createElementNS(SVG, "path");
      path.setAttribute("d", d);
      svg.appendChild(path);
    });
    return svg;
  }
  function button(className, label, iconName) {
    var b = doc.createElement("button");
    b.type = "button";
    b.className = className;
    b.setAttribute("aria-label", label);
    b.appendChild(icon(iconName));
    return b;
  }

  var tools = doc.createElement("div");
  tools.className = "tools";
  var zoomButton = button("tool tool--zoom", "Zoom", "zoomIn");
  zoomButton.setAttribute("aria-haspopup", "dialog");
  tools.appendChild(zoomButton);
  var fullscreenButton = null;
  if (doc.fullscreenEnabled && viewer.requestFullscreen) {
    fullscreenButton = button("tool tool--fullscreen", "Full screen", "enter");
    fullscreenButton.setAttribute("aria-pressed", "false");
    tools.appendChild(fullscreenButton);
  }
  var steps = viewer.querySelector(".steps");
  stage.insertBefore(tools, steps && steps.parentNode === stage ? steps.nextSibling : stage.firstChild);

  // ---- Slideshow (gallery.yml's viewer.slideshow) --------------------------------------------
  // An APG rotation control, first in the carousel: it never starts by itself, and stops when the
  // page is used (a key, a pointer, focus elsewhere) or hidden. Not under reduced motion, and not
  // where moves are page loads. While it runs, moves are not announced (aria-live off).
  var slideshowSeconds = +viewer.getAttribute("data-slideshow");
  var playButton = null, playing = false, playTimer = 0;
  if (instant && slideshowSeconds > 0 && !reducedMotion.matches) {
    playButton = button("tool tool--slideshow", "Start slideshow", "play");
    var controls = list.parentNode;
    controls.insertBefore(playButton, controls.firstChild);
    playButton.addEventListener("click", function () { if (playing) stopSlideshow(); else startSlideshow(); });
    ["keydown", "pointerdown", "wheel", "focusin"].forEach(function (type) {
      doc.addEventListener(type, function (event) {
        var onButton = playButton.contains(event.target);
        // Enter and Space on the button work it (its click); anything else is using the page.
        if (playing && !(onButton && (type !== "keydown" || event.key === "Enter" || event.key === " "))) stopSlideshow();
      }, { capture: true, passive: true });
    });
    doc.addEventListener("visibilitychange", function () { if (doc.hidden) stopSlideshow(); });
  }
  function startSlideshow() {
    playing = true;
    playButton.setAttribute("aria-label", "Stop slideshow");
    playButton.replaceChildren(icon("pause"));
    status.setAttribute("aria-live", "off");
    nextSlide();
  }
  function stopSlideshow() {
    if (!playing) return;
    playing = false;
    clearTimeout(playTimer);
    playButton.setAttribute("aria-label", "Start slideshow");
    playButton.replaceChildren(icon("play"));
    status.removeAttribute("aria-live");
  }
  // The next photo after the chosen time; the slideshow ends with the album.
  function nextSlide() {
    clearTimeout(playTimer);
    if (!playing) return;
    if (!viewer.querySelector(".step--next")) { stopSlideshow(); return; }
    playTimer = setTimeout(function () { if (playing) step(1); }, slideshowSeconds * 1000);
  }

  // ---- Swipe and double-tap on touch screens --------------------------------------------------
  // Pointer events: the stage's touch-action (pan-y pinch-zoom) leaves horizontal moves to us.
  // A double-tap also makes a dblclick: touch is handled by the pointer events alone.
  var lastPointer = "mouse";
  doc.addEventListener("pointerdown", function (event) { lastPointer = event.pointerType; }, true);
  var swipe = null, lastTap = null;
  stage.addEventListener("pointerdown", function (event) {
    if (event.pointerType === "mouse" || !event.isPrimary) { swipe = null; return; }
    swipe = { id: event.pointerId, x: event.clientX, y: event.clientY, time: event.timeStamp };
  });
  stage.addEventListener("pointercancel", function () { swipe = null; });
  stage.addEventListener("pointerup", function (event) {
    if (!swipe || event.pointerId !== swipe.id) return;
    var dx = event.clientX - swipe.x, dy = event.clientY - swipe.y, took = event.timeStamp - swipe.time;
    swipe = null;
    if (Math.abs(dx) >= 40 && Math.abs(dx) > 1.5 * Math.abs(dy)) {
      lastTap = null;
      step(dx < 0 ? 1 : -1);
      return;
    }
    if (Math.abs(dx) > 10 || Math.abs(dy) > 10 || took > 400 || !event.target.closest(".frame")) { lastTap = null; return; }
    if (lastTap && event.timeStamp - lastTap.time < 350 && Math.hypot(event.clientX - lastTap.x, event.clientY - lastTap.y) < 30) {
      lastTap = null;
      openZoom(event.clientX, event.clientY, event.pointerType);
    } else lastTap = { time: event.timeStamp, x: event.clientX, y: event.clientY };
  });
  stage.addEventListener("dblclick", function (event) {
    if (lastPointer === "mouse" && event.target.closest(".frame")) openZoom(event.clientX, event.clientY, "mouse");
  });

  // ---- Full screen ----------------------------------------------------------------------------
  // Everything outside the viewer is inert meanwhile, so Tab cannot wander onto the hidden page
  // (PhotoSwipe #1077); leaving puts focus back on the button.
  var madeInert = [];
  function setOutsideInert(on) {
    if (!on) { madeInert.forEach(function (element) { element.inert = false; }); madeInert = []; return; }
    for (var element = viewer; element.parentElement && element !== doc.body; element = element.parentElement) {
      each(element.parentElement.children, function (sibling) {
        if (sibling !== element && !sibling.inert) { sibling.inert = true; madeInert.push(sibling); }
      });
    }
  }
  if (fullscreenButton) {
    fullscreenButton.addEventListener("click", function () {
      if (doc.fullscreenElement) doc.exitFullscreen().catch(noop);
      else viewer.requestFullscreen().catch(noop);
    });
    doc.addEventListener("fullscreenchange", function () {
      var on = doc.fullscreenElement === viewer;
      fullscreenButton.setAttribute("aria-pressed", on ? "true" : "false");
      fullscreenButton.replaceChildren(icon(on ? "leave" : "enter"));
      setOutsideInert(on);
      if (!on) fullscreenButton.focus({ preventScroll: true });
      reveal(selectedTab(), false);
    });
    doc.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && doc.fullscreenElement === viewer && !dialog.open) doc.exitFullscreen().catch(noop);
    });
  }

  // ---- Zoom -----------------------------------------------------------------------------------
  // A modal <dialog>: the browser keeps focus inside and Esc closes it; focus then returns to
  // what opened it (PhotoSwipe #1717). Drag, arrow keys or a pinch move the photo; + and -, the
  // buttons, the wheel, a double-click or a double-tap scale it.
  var dialog = doc.createElement("dialog");
  dialog.className = "zoom";
  dialog.setAttribute("aria-labelledby", "zoom-title");
  var bar = doc.createElement("div");
  bar.className = "zoom-bar";
  var zoomTitle = doc.createElement("p");
  zoomTitle.className = "zoom-title";
  zoomTitle.id = "zoom-title";
  var zoomTools = doc.createElement("div");
  zoomTools.className = "zoom-tools";
  var outButton = button("zoom-out", "Zoom out", "zoomOut");
  var inButton = button("zoom-in", "Zoom in", "zoomIn");
  var closeButton = button("zoom-close", "Close", "close");
  zoomTools.append(outButton, inButton, closeButton);
  bar.append(zoomTitle, zoomTools);
  var view = doc.createElement("div");
  view.className = "zoom-view";
  var zoomImg = doc.createElement("img");
  zoomImg.className = "zoom-img";
  zoomImg.draggable = false;
  view.appendChild(zoomImg);
  dialog.append(view, bar);
  viewer.appendChild(dialog);

  var zoom = { scale: 1, x: 0, y: 0, width: 0, height: 0, aspect: 1, max: 4, opener: null, photo: null };

  function fit() {
    var w = view.clientWidth, h = view.clientHeight;
    zoom.width = Math.min(w, h * zoom.aspect);
    zoom.height = zoom.width / zoom.aspect;
    zoomImg.style.width = zoom.width + "px";
    zoomImg.style.height = zoom.height + "px";
  }
  function render() {
    var maxX = Math.max(0, (zoom.width * zoom.scale - view.clientWidth) / 2);
    var maxY = Math.max(0, (zoom.height * zoom.scale - view.clientHeight) / 2);
    zoom.x = Math.max(-maxX, Math.min(maxX, zoom.x));
    zoom.y = Math.max(-maxY, Math.min(maxY, zoom.y));
    zoomImg.style.transform = "translate(-50%, -50%) translate(" + zoom.x + "px, " + zoom.y + "px) scale(" + zoom.scale + ")";
    outButton.disabled = zoom.scale <= 1;
    inButton.disabled = zoom.scale >= zoom.max;
  }
  // Scales by `factor` keeping the point (px, py), relative to the view's centre, where it is.
  function scaleAround(factor, px, py) {
    var scale = Math.max(1, Math.min(zoom.max, zoom.scale * factor));
    var ratio = scale / zoom.scale;
    zoom.x = px - (px - zoom.x) * ratio;
    zoom.y = py - (py - zoom.y) * ratio;
    zoom.scale = scale;
    render();
  }
  function fromCentre(clientX, clientY) {
    var box = view.getBoundingClientRect();
    return [clientX - box.left - box.width / 2, clientY - box.top - box.height / 2];
  }

  function openZoom(clientX, clientY, how) {
    var photo = panel && panel.querySelector("img.photo");
    if (!photo || dialog.open) return;
    var active = doc.activeElement;
    zoom.opener = active && active !== doc.body ? active : zoomButton;
    zoom.photo = photo;
    zoom.aspect = (photo.naturalWidth || +photo.getAttribute("width")) / (photo.naturalHeight || +photo.getAttribute("height")) || 1;
    zoomTitle.textContent = (panel.querySelector("figcaption h2") || { textContent: photo.alt }).textContent;
    zoomImg.alt = photo.alt;
    zoomImg.src = photo.currentSrc || photo.src;
    var largest = photo.getAttribute("data-largest");
    zoom.max = 4;
    if (largest) {
      var full = new Image();
      full.src = new URL(largest, location.href).href;
      (full.decode ? full.decode() : Promise.resolve()).then(function () {
        if (!dialog.open || zoom.photo !== photo) return;
        zoomImg.src = full.src;
        zoom.max = Math.max(4, full.naturalWidth / zoom.width);
        render();
      }, noop);
    }
    dialog.showModal();
    fit();
    zoom.scale = 1; zoom.x = 0; zoom.y = 0;
    render();
    // Opened from the photo (double-click or double-tap): zoomed in where it was pressed.
    if (how === "mouse" || how === "touch" || how === "pen") {
      var photoBox = photo.getBoundingClientRect();
      var fx = (clientX - photoBox.left) / photoBox.width - 0.5, fy = (clientY - photoBox.top) / photoBox.height - 0.5;
      scaleAround(2.5, fx * zoom.width, fy * zoom.height);
    }
    closeButton.focus();
  }

  function closeZoom() { if (dialog.open) dialog.close(); }

  dialog.addEventListener("close", function () {
    zoomImg.removeAttribute("src");
    zoom.photo = null;
    var opener = zoom.opener;
    zoom.opener = null;
    if (opener && opener.isConnected) opener.focus({ preventScroll: true });
    else zoomButton.focus({ preventScroll: true });
  });
  zoomButton.addEventListener("click", function () { openZoom(0, 0, "button"); });
  closeButton.addEventListener("click", closeZoom);
  inButton.addEventListener("click", function () { scaleAround(1.5, 0, 0); });
  outButton.addEventListener("click", function () { scaleAround(1 / 1.5, 0, 0); });
  window.addEventListener("resize", function () { if (dialog.open) { fit(); render(); } });

  dialog.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var pan = Math.max(40, Math.round(view.clientWidth / 10));
    switch (event.key) {
      case "ArrowLeft": zoom.x += pan; break;
      case "ArrowRight": zoom.x -= pan; break;
      case "ArrowUp": zoom.y += pan; break;
      case "ArrowDown": zoom.y -= pan; break;
      case "+": case "=": scaleAround(1.5, 0, 0); break;
      case "-": case "_": scaleAround(1 / 1.5, 0, 0); break;
      case "0": zoom.scale = 1; zoom.x = 0; zoom.y = 0; break;
      default: return;
    }
    event.preventDefault();
    event.stopPropagation();
    render();
  });

  view.addEventListener("wheel", function (event) {
    event.preventDefault();
    var at = fromCentre(event.clientX, event.clientY);
    scaleAround(Math.exp(-event.deltaY / 300), at[0], at[1]);
  }, { passive: false });

  view.addEventListener("dblclick", function (event) {
    if (lastPointer !== "mouse") return;
    var at = fromCentre(event.clientX, event.clientY);
    if (zoom.scale > 1) { zoom.scale = 1; zoom.x = 0; zoom.y = 0; render(); } else scaleAround(2.5, at[0], at[1]);
  });

  // Drag with one pointer, pinch with two.
  var pointers = new Map(), pinch = null, viewTap = null;
  view.addEventListener("pointerdown", function (event) {
    view.setPointerCapture(event.pointerId);
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY, startX: event.clientX, startY: event.clientY, time: event.timeStamp });
    view.classList.add("is-dragging");
    if (pointers.size === 2) pinch = pinchState();
  });
  function pinchState() {
    var points = Array.from(pointers.values());
    return {
      distance: Math.hypot(points[0].x - points[1].x, points[0].y - points[1].y) || 1,
      at: fromCentre((points[0].x + points[1].x) / 2, (points[0].y + points[1].y) / 2)
    };
  }
  view.addEventListener("pointermove", function (event) {
    var point = pointers.get(event.pointerId);
    if (!point) return;
    var dx = event.clientX - point.x, dy = event.clientY - point.y;
    point.x = event.clientX; point.y = event.clientY;
    if (pointers.size >= 2 && pinch) {
      var now = pinchState();
      scaleAround(now.distance / pinch.distance, now.at[0], now.at[1]);
      pinch = now;
    } else if (pointers.size === 1) {
      zoom.x += dx; zoom.y += dy;
      render();
    }
  });
  function release(event) {
    var point = pointers.get(event.pointerId);
    if (!point) return;
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinch = null;
    if (pointers.size === 0) view.classList.remove("is-dragging");
    // A double-tap in the dialog toggles between the whole photo and a close look.
    if (event.type !== "pointerup" || event.pointerType === "mouse") return;
    var still = Math.hypot(event.clientX - point.startX, event.clientY - point.startY) < 10 && event.timeStamp - point.time < 400;
    if (!still) { viewTap = null; return; }
    if (viewTap && event.timeStamp - viewTap < 350) {
      viewTap = null;
      var at = fromCentre(event.clientX, event.clientY);
      if (zoom.scale > 1) { zoom.scale = 1; zoom.x = 0; zoom.y = 0; render(); } else scaleAround(2.5, at[0], at[1]);
    } else viewTap = event.timeStamp;
  }
  view.addEventListener("pointerup", release);
  view.addEventListener("pointercancel", release);
})();
