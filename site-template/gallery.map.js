// The places map (places/index.html): the wheel, a pinch, a double-click or its + and − buttons
// zoom it, a drag moves it, and a mark that takes the focus is brought into view; the marks keep
// their size. Without JavaScript it is the whole world, its marks links. Needs nothing else of the
// script: it runs first, on its own.
var map = document.querySelector("svg.places-map");
if (!map || !map.viewBox || !map.viewBox.baseVal) return;
var whole = { w: map.viewBox.baseVal.width, h: map.viewBox.baseVal.height };
var view = { x: 0, y: 0, w: whole.w, h: whole.h };
var maxScale = 16;
var coarse = window.matchMedia ? window.matchMedia("(pointer: coarse)") : { matches: false };
var marks = Array.from(map.querySelectorAll("circle"), function (circle) { return [circle, Number(circle.getAttribute("r"))]; });

var tools = document.createElement("div");
tools.className = "map-tools";
function tool(text, label, factor) {
  var b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.setAttribute("aria-label", label);
  b.addEventListener("click", function () { zoomAt(factor, 0.5, 0.5); });
  tools.appendChild(b);
  return b;
}
var inButton = tool("+", LABELS.zoomIn, 2), outButton = tool("\u2212", LABELS.zoomOut, 0.5);
map.after(tools);

function show() {
  view.w = Math.min(whole.w, Math.max(whole.w / maxScale, view.w));
  view.h = view.w * whole.h / whole.w;
  view.x = Math.min(whole.w - view.w, Math.max(0, view.x));
  view.y = Math.min(whole.h - view.h, Math.max(0, view.y));
  map.setAttribute("viewBox", [view.x, view.y, view.w, view.h].map(function (n) { return Math.round(n); }).join(" "));
  var scale = whole.w / view.w;
  // Never smaller on screen than a finger (or a pointer) can hit: 12 or 6 CSS pixels across the radius.
  var width = map.getBoundingClientRect().width || whole.w;
  var least = (coarse.matches ? 12 : 6) * view.w / width;
  marks.forEach(function (mark) { mark[0].setAttribute("r", Math.max(least, mark[1] / Math.sqrt(scale)).toFixed(1)); });
  map.classList.toggle("is-zoomed", scale > 1.01);
  inButton.disabled = scale >= maxScale - 0.01;
  outButton.disabled = scale <= 1.01;
}
// Scales by `factor` keeping the point at (px, py), fractions of the map's box, where it is.
function zoomAt(factor, px, py) {
  var w = Math.min(whole.w, Math.max(whole.w / maxScale, view.w / factor));
  view.x += (view.w - w) * px;
  view.y += (view.h - w * whole.h / whole.w) * py;
  view.w = w;
  window.addEventListener("resize", show);
show();
}
function fraction(event) {
  var box = map.getBoundingClientRect();
  return [(event.clientX - box.left) / box.width, (event.clientY - box.top) / box.height];
}

map.addEventListener("wheel", function (event) {
  if (event.deltaY === 0) return;
  event.preventDefault();
  var at = fraction(event);
  zoomAt(event.deltaY < 0 ? 1.25 : 0.8, at[0], at[1]);
}, { passive: false });
map.addEventListener("dblclick", function (event) {
  if (event.target.closest("a")) return;
  var at = fraction(event);
  zoomAt(2, at[0], at[1]);
});

// One pointer drags, two pinch (touch-action in the stylesheet leaves vertical scrolling to the page).
var pointers = new Map(), moved = false;
map.addEventListener("pointerdown", function (event) {
  pointers.set(event.pointerId, [event.clientX, event.clientY]);
  moved = false;
});
map.addEventListener("pointermove", function (event) {
  var last = pointers.get(event.pointerId);
  if (!last) return;
  var box = map.getBoundingClientRect();
  if (pointers.size === 1) {
    var dx = event.clientX - last[0], dy = event.clientY - last[1];
    if (!moved && Math.abs(dx) + Math.abs(dy) < 4) return;
    if (!moved) map.setPointerCapture(event.pointerId);
    moved = true;
    view.x -= dx * view.w / box.width;
    view.y -= dy * view.h / box.height;
    window.addEventListener("resize", show);
show();
  } else if (pointers.size === 2) {
    var other = Array.from(pointers.entries()).find(function (entry) { return entry[0] !== event.pointerId; })[1];
    var before = Math.hypot(last[0] - other[0], last[1] - other[1]);
    var after = Math.hypot(event.clientX - other[0], event.clientY - other[1]);
    if (before > 0) zoomAt(after / before, ((event.clientX + other[0]) / 2 - box.left) / box.width, ((event.clientY + other[1]) / 2 - box.top) / box.height);
    moved = true;
  }
  pointers.set(event.pointerId, [event.clientX, event.clientY]);
});
function release(event) { pointers.delete(event.pointerId); }
map.addEventListener("pointerup", release);
map.addEventListener("pointercancel", release);
// A drag that ends on a mark is not a click on it.
map.addEventListener("click", function (event) { if (moved) { event.preventDefault(); moved = false; } }, true);

// A mark reached with the keyboard is brought into view.
map.addEventListener("focusin", function (event) {
  var circle = event.target.querySelector && event.target.querySelector("circle");
  if (!circle) return;
  var cx = Number(circle.getAttribute("cx")), cy = Number(circle.getAttribute("cy"));
  if (cx < view.x || cx > view.x + view.w || cy < view.y || cy > view.y + view.h) {
    view.x = cx - view.w / 2;
    view.y = cy - view.h / 2;
    window.addEventListener("resize", show);
show();
  }
});
window.addEventListener("resize", show);
show();
