// Saving a hand comes back to #entry; a browser opening a #fragment skips autofocus and
// blurs everything, so once it has, focus the next hand's first field. A static file:
// the site's Content-Security-Policy runs no inline script.
addEventListener("load", () => {
  if (location.hash === "#entry") document.querySelector("#entry [autofocus]")?.focus();
});
