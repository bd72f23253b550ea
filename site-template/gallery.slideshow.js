// Slideshow (gallery.yml's viewer.slideshow): an APG rotation control, first in the carousel: it
// never starts by itself, and stops when the page is used (a key, a pointer, focus elsewhere) or
// hidden. Not under reduced motion, and not where moves are page loads. While it runs, moves are
// not announced.
var slideshowSeconds = +viewer.getAttribute("data-slideshow");
var playButton = null, playing = false, playTimer = 0;
if (instant && slideshowSeconds > 0 && !reducedMotion.matches) {
  playButton = button("tool tool--slideshow", LABELS.startSlideshow, "play");
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
  playButton.setAttribute("aria-label", LABELS.stopSlideshow);
  playButton.replaceChildren(icon("pause"));
  mute(true);
  nextSlide();
}
function stopSlideshow() {
  if (!playing) return;
  playing = false;
  clearTimeout(playTimer);
  playButton.setAttribute("aria-label", LABELS.startSlideshow);
  playButton.replaceChildren(icon("play"));
  mute(false);
}
// The next photo after the chosen time (a video plays muted to its end first); it ends with the album.
nextSlide = function () {
  clearTimeout(playTimer);
  if (!playing) return;
  if (!viewer.querySelector(".step--next")) { stopSlideshow(); return; }
  var video = panel.querySelector("video.video:not(.animation)"), timer;   // an animation loops: it is a photo here
  if (video) { video.muted = true; video.play().catch(noop); }
  function advance() {
    if (!playing || timer !== playTimer) return;
    if (video && video.isConnected && !video.paused) video.addEventListener("pause", advance, { once: true });
    else step(1);
  }
  timer = playTimer = setTimeout(advance, slideshowSeconds * 1000);
};
