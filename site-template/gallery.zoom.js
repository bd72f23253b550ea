// Zoom: a modal <dialog>: the browser keeps focus inside and Esc closes it; focus then returns to
// what opened it (PhotoSwipe #1717). Drag, arrow keys or a pinch move the photo; + and -, the
// buttons, the wheel, a double-click or a double-tap scale it.
var zoomButton = button("tool tool--zoom", LABELS.zoom, "zoomIn");
zoomButton.setAttribute("aria-haspopup", "dialog");
tools.appendChild(zoomButton);

dialog = doc.createElement("dialog");
dialog.className = "zoom";
dialog.setAttribute("aria-labelledby", "zoom-title");
var bar = doc.createElement("div");
bar.className = "zoom-bar";
var zoomTitle = doc.createElement("p");
zoomTitle.className = "zoom-title";
zoomTitle.id = "zoom-title";
var zoomTools = doc.createElement("div");
zoomTools.className = "zoom-tools";
var outButton = button("zoom-out", LABELS.zoomOut, "zoomOut");
var inButton = button("zoom-in", LABELS.zoomIn, "zoomIn");
var closeButton = button("zoom-close", LABELS.close, "close");
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

openZoom = function (clientX, clientY, how) {
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
};

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
