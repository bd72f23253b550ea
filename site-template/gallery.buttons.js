// Buttons over the stage.
var SVG = "http://www.w3.org/2000/svg";
var ICONS = {
  zoomIn: ["M10.5 4a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13z", "M15.5 15.5L20 20", "M8 10.5h5", "M10.5 8v5"],
  zoomOut: ["M10.5 4a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13z", "M15.5 15.5L20 20", "M8 10.5h5"],
  enter: ["M4 9V4h5", "M15 4h5v5", "M20 15v5h-5", "M9 20H4v-5"],
  leave: ["M9 4v5H4", "M20 9h-5V4", "M15 20v-5h5", "M4 15h5v5"],
  close: ["M6 6l12 12", "M18 6L6 18"],
  play: ["M8 5.5v13l10.5-6.5z"],
  pause: ["M8.5 5.5v13", "M15.5 5.5v13"]
};
icon = function (name) {
  var svg = doc.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  ICONS[name].forEach(function (d) {
    var path = doc.createElementNS(SVG, "path");
    path.setAttribute("d", d);
    svg.appendChild(path);
  });
  return svg;
};
button = function (className, label, iconName) {
  var b = doc.createElement("button");
  b.type = "button";
  b.className = className;
  b.setAttribute("aria-label", label);
  b.appendChild(icon(iconName));
  return b;
};

tools = doc.createElement("div");
tools.className = "tools";
var steps = viewer.querySelector(".steps");
stage.insertBefore(tools, steps && steps.parentNode === stage ? steps.nextSibling : stage.firstChild);
