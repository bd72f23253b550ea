// galgen serve: live reload and build errors. Not part of the built site.
(() => {
  "use strict";
  const served = document.currentScript && document.currentScript.dataset.generation;
  const events = new EventSource("/__galgen/events");
  let overlay = null;
  const hide = () => { if (overlay) { overlay.remove(); overlay = null; } };
  const show = (message) => {
    if (!overlay) {
      overlay = document.createElement("div");
      overlay.id = "galgen-build-error";
      overlay.setAttribute("role", "alert");
      Object.assign(overlay.style, {
        position: "fixed", inset: "auto 0 0 0", zIndex: "2147483647", maxHeight: "60vh", overflow: "auto",
        margin: "0", padding: "1rem 1.25rem", background: "#3b0d0c", color: "#ffe9e7",
        font: "14px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
        boxShadow: "0 -4px 24px rgba(0,0,0,.4)", borderTop: "4px solid #ff5a4f"
      });
      const heading = document.createElement("strong");
      heading.textContent = "galgen: the last rebuild failed; this is the last good site.";
      const text = document.createElement("pre");
      Object.assign(text.style, { whiteSpace: "pre-wrap", margin: ".5rem 0 0", font: "inherit" });
      const close = document.createElement("button");
      close.type = "button";
      close.textContent = "Dismiss";
      Object.assign(close.style, { float: "right", font: "inherit", cursor: "pointer" });
      close.addEventListener("click", hide);
      overlay.append(close, heading, text);
      document.body.append(overlay);
    }
    overlay.querySelector("pre").textContent = message;
  };
  events.addEventListener("state", (event) => {
    const state = JSON.parse(event.data);
    if (served && state.generation !== served) { events.close(); location.reload(); return; }
    if (state.error) { show(state.error); } else { hide(); }
  });
})();
