// galgen's pages, enhanced. Everything works without it: the segments and the previous/next
// buttons are links to each photo's own page.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  // A photo with transparency (an AVIF or WebP rendition) would show its blurred placeholder
  // through: once the photo has loaded, the placeholder goes.
  Array.prototype.forEach.call(document.querySelectorAll(".frame img.photo"), function (img) {
    var placeholder = img.closest(".frame").querySelector(".placeholder");
    if (!placeholder) return;
    function loaded() { placeholder.hidden = true; }
    if (img.complete && img.naturalWidth > 0) loaded(); else img.addEventListener("load", loaded, { once: true });
  });

  // Links from before photos had pages (album/#harbour) lead to the photo's page.
  var overview = document.querySelector("main.overview");
  if (overview && !document.querySelector(".page-prev") && /^#[A-Za-z0-9][A-Za-z0-9_-]*$/.test(location.hash)) {
    var slug = location.hash.slice(1);
    if (!document.getElementById(slug)) location.replace(encodeURIComponent(slug) + "/index.html");
  }

  // The segmented control: a WAI-ARIA tab list with a roving tabindex. Arrow keys, Home and End
  // move focus; Enter, Space or a click opens that photo's page.
  var list = document.querySelector('[role="tablist"]');
  var tabs = list ? Array.prototype.slice.call(list.querySelectorAll('[role="tab"]')) : [];
  if (tabs.length > 0) {
    var selected = list.querySelector('[aria-selected="true"]') || tabs[0];
    tabs.forEach(function (tab) { tab.tabIndex = tab === selected ? 0 : -1; });
    if (list.scrollWidth > list.clientWidth) selected.scrollIntoView({ block: "nearest", inline: "center" });
    list.addEventListener("keydown", function (event) {
      var index = tabs.indexOf(document.activeElement);
      if (index < 0) return;
      var next = null;
      switch (event.key) {
        case "ArrowRight": next = tabs[Math.min(index + 1, tabs.length - 1)]; break;
        case "ArrowLeft": next = tabs[Math.max(index - 1, 0)]; break;
        case "Home": next = tabs[0]; break;
        case "End": next = tabs[tabs.length - 1]; break;
        case " ": tabs[index].click(); event.preventDefault(); return;
        default: return;
      }
      event.preventDefault();
      tabs.forEach(function (tab) { tab.tabIndex = tab === next ? 0 : -1; });
      next.focus();
    });
  }

  // Left and right arrow keys anywhere else on a photo page step to the previous or next photo.
  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.target.closest && event.target.closest('[role="tablist"], input, textarea, select')) return;
    var link = event.key === "ArrowLeft" ? document.querySelector(".step--prev")
      : event.key === "ArrowRight" ? document.querySelector(".step--next") : null;
    if (!link) return;
    event.preventDefault();
    location.assign(link.href);
  });
})();
