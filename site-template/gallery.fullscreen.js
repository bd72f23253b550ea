// Full screen: everything outside the viewer is inert meanwhile, so Tab cannot wander onto the
// hidden page (PhotoSwipe #1077); leaving puts focus back on the button.
if (!doc.fullscreenEnabled || !viewer.requestFullscreen) return;
var fullscreenButton = button("tool tool--fullscreen", LABELS.fullScreen, "enter");
fullscreenButton.setAttribute("aria-pressed", "false");
tools.appendChild(fullscreenButton);

var madeInert = [];
function setOutsideInert(on) {
  if (!on) { madeInert.forEach(function (element) { element.inert = false; }); madeInert = []; return; }
  for (var element = viewer; element.parentElement && element !== doc.body; element = element.parentElement) {
    each(element.parentElement.children, function (sibling) {
      if (sibling !== element && !sibling.inert) { sibling.inert = true; madeInert.push(sibling); }
    });
  }
}
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
