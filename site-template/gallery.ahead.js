// Fetching ahead: the neighbours' pages, and their photos through a hidden copy of their
// <picture> (same srcset, sizes and sources, so the browser picks the file the page will show).
var warm = doc.createElement("div");
warm.className = "preload";
warm.hidden = true;
warm.setAttribute("aria-hidden", "true");
var warmed = [];

function idle(work) {
  if (window.requestIdleCallback) window.requestIdleCallback(work, { timeout: 1500 }); else setTimeout(work, 200);
}

preloadNeighbours = function () {
  if (!instant) return;
  idle(function () {
    each(viewer.querySelectorAll(".steps a.step"), function (link) {
      var url = bare(link.href);
      load(url).promise.then(function (page) { warmPhoto(page, url); }, noop);
    });
  });
};

function warmPhoto(page, url) {
  if (warmed.indexOf(url) >= 0) return;
  var photo = page.querySelector(".viewer .frame img.photo"), video = page.querySelector(".viewer .frame video[poster]");
  if (video) { photo = doc.createElement("img"); photo.src = video.getAttribute("poster"); }
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
