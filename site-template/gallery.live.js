// Live Photos: the Live button plays the muted motion over the still (click, Enter or Space toggle;
// press and hold plays while held); never by itself. On the viewer, so a moved-to one works too.
// Animations (an animated GIF's MP4, at the end) play by themselves instead.
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
  var button = find(event, "button.live:not(.animate)");
  if (button && !swallow) live(button, button.getAttribute("aria-pressed") !== "true");
  swallow = false;
});
viewer.addEventListener("pointerdown", function (event) {
  var button = find(event, "button.live:not(.animate)");
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

// Animations: muted, looped and autoplaying like the GIF they were; under prefers-reduced-motion
// each waits, paused on its poster, until its button is pressed. The button pauses and plays.
function animation(video, on) {
  var button = video.parentNode.querySelector("button.animate");
  video.dataset.pressed = "1";
  if (on) video.play().catch(function () {}); else video.pause();
  if (button) button.setAttribute("aria-pressed", on);
}
function settle(video) {
  if (reducedMotion.matches && !video.dataset.pressed) { video.pause(); video.currentTime = 0; }
  var button = video.parentNode.querySelector("button.animate");
  if (button) button.setAttribute("aria-pressed", !video.paused && !(reducedMotion.matches && !video.dataset.pressed));
}
viewer.addEventListener("click", function (event) {
  var button = find(event, "button.animate");
  if (button) animation(button.parentNode.querySelector("video.animation"), button.getAttribute("aria-pressed") !== "true");
});
["play", "pause"].forEach(function (type) {
  viewer.addEventListener(type, function (event) { if (find(event, "video.animation")) settle(event.target); }, true);
});
each(viewer.querySelectorAll("video.animation"), settle);
