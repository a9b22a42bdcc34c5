// The projector view shows one page at a time, each for data-seconds, and reloads after
// the last for fresh figures (one page held with ?page=...: it reloads on the same beat).
// A static file: the site's Content-Security-Policy runs no inline script.
addEventListener("DOMContentLoaded", () => {
  const pages = [...document.querySelectorAll(".projector-page")];
  const seconds = Number(document.body.dataset.seconds) || 15;
  let shown = 0;
  const show = () => pages.forEach((page, index) => { page.hidden = index !== shown; });
  show();
  setInterval(() => {
    shown += 1;
    if (shown >= pages.length) location.reload();
    else show();
  }, seconds * 1000);
});
