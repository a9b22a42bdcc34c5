// A page that shows the night live (the round board, the standings while games come in)
// reloads itself every data-reload seconds of its "Pause reloading" button, for fresh
// figures. The button stops it (WCAG 2.2.1: a time limit the reader can turn off), and no
// reload comes while a form field has the focus. A static file: the site's
// Content-Security-Policy runs no inline script. Without script, a <noscript> refresh.
addEventListener("DOMContentLoaded", () => {
  const button = document.querySelector("button[data-reload]");
  if (!button) return;
  const seconds = Number(button.dataset.reload) || 30;
  button.hidden = false;
  button.addEventListener("click", () => {
    const paused = button.getAttribute("aria-pressed") !== "true";
    button.setAttribute("aria-pressed", String(paused));
  });
  setInterval(() => {
    const paused = button.getAttribute("aria-pressed") === "true";
    const typing = document.activeElement?.matches("input, select, textarea");
    if (!paused && !typing) location.reload();
  }, seconds * 1000);
});
