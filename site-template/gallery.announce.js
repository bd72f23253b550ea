// What a move shows, said to screen readers when focus is not on its segment (which says it).
var status = doc.createElement("p");
status.className = "visually-hidden";
status.setAttribute("role", "status");
viewer.appendChild(status);

announce = function (quiet) {
  var heading = panel.querySelector("h2");
  status.textContent = quiet ? "" : [heading && heading.textContent, panel.getAttribute("aria-label")].filter(Boolean).join(", ");
};
mute = function (on) {
  if (on) status.setAttribute("aria-live", "off"); else status.removeAttribute("aria-live");
};
