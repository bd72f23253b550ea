// A roving tabindex: Tab enters the list at the selected segment. Arrow keys, Home and End
// move focus among the segments shown (a window of the album around the photo); when moves are
// instant, selection follows focus (the photo shows as focus arrives), else Enter opens it.
list.addEventListener("keydown", function (event) {
  var all = tabs(), index = all.indexOf(doc.activeElement);
  if (index < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
  var first = all[0], last = all[all.length - 1];
  // Wrapping around only makes sense when the window is the whole album.
  var whole = first.getAttribute("aria-posinset") === "1" &&
    last.getAttribute("aria-posinset") === last.getAttribute("aria-setsize");
  var next;
  switch (event.key) {
    case rtl ? "ArrowLeft" : "ArrowRight": next = all[index + 1] || (whole ? first : null); break;
    case rtl ? "ArrowRight" : "ArrowLeft": next = all[index - 1] || (whole ? last : null); break;
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

// Left and right arrow keys anywhere else (but a video: they seek) step to the previous or next photo.
doc.addEventListener("keydown", function (event) {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  var target = event.target;
  if (target.closest && target.closest('[role="tablist"], input, textarea, select, [contenteditable], dialog, video')) return;
  if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
    event.preventDefault();
    step((event.key === "ArrowLeft") !== rtl ? -1 : 1);
  }
});
