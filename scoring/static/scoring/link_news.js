// A table's phone page keeps itself up to date (scoring/links/views.py, LinkNews): while
// the page is on screen it asks the link's news URL every data-seconds whether the game
// changed. When the answer's mark is not the page's, it reloads the page, unless a form
// on it is being filled in (a field changed since the page loaded, or a form came back
// with errors): then it shows the note instead. A refused link (revoked, the night
// final) is news too: the page then shows the refusal. The page leaves this script out
// once the game is confirmed. A static file: the Content-Security-Policy runs no inline
// script.
addEventListener("DOMContentLoaded", () => {
  const note = document.getElementById("news");
  if (!note) return;
  let filling = document.querySelector("main .errorlist") !== null;
  for (const form of document.querySelectorAll("main form")) {
    form.addEventListener("input", () => { filling = true; });
    form.addEventListener("change", () => { filling = true; });
  }
  let timer;
  const changed = () => {
    clearInterval(timer);
    document.removeEventListener("visibilitychange", ask);
    if (filling) note.hidden = false;
    // The same address (maybe with #entry) would only scroll: reload it. A page drawn by
    // a POST is at another address, or has a form with errors, so it is never posted again.
    else if (location.pathname === note.dataset.page) location.reload();
    else location.replace(note.dataset.page);
  };
  async function ask() {
    if (document.visibilityState !== "visible") return;
    let answer;
    try {
      answer = await fetch(note.dataset.url, { cache: "no-store" });
    } catch {
      return; // the Wi-Fi dropped for a moment: ask again next time
    }
    if (answer.status === 403 || answer.status === 404) changed();
    else if (answer.ok && (await answer.json()).mark !== note.dataset.mark) changed();
  }
  timer = setInterval(ask, Number(note.dataset.seconds) * 1000);
  document.addEventListener("visibilitychange", ask); // back on screen: ask at once
});
