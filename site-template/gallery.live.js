// Live Photos: the Live button plays the muted motion over the still (click, Enter or Space toggle;
// press and hold plays while held); never by itself. On the viewer, so a moved-to one works too.
var held = 0, holding = null, swallow = false;

function live(button, on) {
  var frame = button.closest(".frame"), motion = frame.querySelector("video.motion");
  button.setAttribute("aria-pressed", on);
  if (!on) { motion.pause(); frame.classList.remove("is-playing"); return; }
  motion.currentTime = 0;
  motion.play().catch(function () { if (motion.paused) live(button, false); });
}
function find(event, selector) { return event.target.closest && event.target.closest(selector); }

viewer.addEventListener("click", function (event) {
  var button = find(event, "button.live");
  if (button && !swallow) live(button, button.getAttribute("aria-pressed") !== "true");
  swallow = false;
});
viewer.addEventListener("pointerdown", function (event) {
  var button = find(event, "button.live");
  swallow = false;
  if (!button || !event.isPrimary || event.button > 0) return;
  button.setPointerCapture(event.pointerId);
  held = setTimeout(function () { holding = button; live(button, true); }, 300);
});
["pointerup", "pointercancel"].forEach(function (type) {
  viewer.addEventListener(type, function () {
    clearTimeout(held);
    if (holding) live(holding, false);
    swallow = !!holding && type === "pointerup";   // the click that ends a hold
    holding = null;
  });
});
// Media events do not bubble: caught on their way down.
viewer.addEventListener("playing", function (event) {
  if (find(event, "video.motion")) event.target.closest(".frame").classList.add("is-playing");
}, true);
viewer.addEventListener("ended", function (event) {
  if (find(event, "video.motion")) live(event.target.closest(".frame").querySelector("button.live"), false);
}, true);
