// Swipe and double-tap on touch screens. Pointer events: the stage's touch-action (pan-y
// pinch-zoom) leaves horizontal moves to us. A double-tap also makes a dblclick: touch is handled
// by the pointer events alone.
doc.addEventListener("pointerdown", function (event) { lastPointer = event.pointerType; }, true);
var swipe = null, lastTap = null;
stage.addEventListener("pointerdown", function (event) {
  // A video's controls (its bottom strip) take their own drags.
  var video = event.target.closest("video.video");
  if (event.pointerType === "mouse" || !event.isPrimary || (video && event.clientY > video.getBoundingClientRect().bottom - 64)) {
    swipe = null;
    return;
  }
  swipe = { id: event.pointerId, x: event.clientX, y: event.clientY, time: event.timeStamp };
});
stage.addEventListener("pointercancel", function () { swipe = null; });
stage.addEventListener("pointerup", function (event) {
  if (!swipe || event.pointerId !== swipe.id) return;
  var dx = event.clientX - swipe.x, dy = event.clientY - swipe.y, took = event.timeStamp - swipe.time;
  swipe = null;
  if (Math.abs(dx) >= 40 && Math.abs(dx) > 1.5 * Math.abs(dy)) {
    lastTap = null;
    step((dx < 0) !== rtl ? 1 : -1);
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
