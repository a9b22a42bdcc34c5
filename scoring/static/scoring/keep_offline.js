// A table's phone page keeps what it could not send (templates/scoring/links/_keep_offline.html).
// The forms marked data-keep-offline="<kind>" (hand, result, confirm, dispute) are sent by
// this script: each post goes into a queue in the browser's storage (localStorage, under
// the page's address), and the queue is sent in order, one post at a time, asking for
// the JSON answer of scoring/links/answers.py. A post the network lost stays queued and is
// sent again by itself: with a growing pause while the site does not answer, at once when
// the phone says it is online again or the page comes back on screen. Each entry gets a
// key of its own when it is made (the form's "entry" field), kept with it in the queue,
// and each post goes to the game its form was shown (its action names it): sending twice
// is harmless, as the site stores a key once and answers it "done" again. A post the site
// refuses, or a hand another phone saved differently at that number, stops the queue and
// is shown with the site's words until the pair drops it. Without this script the forms
// post as usual (with the key the page was drawn with). A static file: the
// Content-Security-Policy runs no inline script.
addEventListener("DOMContentLoaded", () => {
  const box = document.getElementById("kept");
  const forms = document.querySelectorAll("main form[data-keep-offline]");
  if (!box) return;
  const words = box.dataset;
  const key = "cinch-kept:" + words.key;
  const PAUSES = [1, 2, 4, 8, 15]; // seconds between tries while the site does not answer
  let failures = 0;
  let sending = false;
  let timer = null;
  let status = "";
  const fresh = new Map(); // posts typed on this page and not yet queued for later: id → form

  const load = () => {
    try {
      return JSON.parse(localStorage.getItem(key)) || [];
    } catch {
      return [];
    }
  };
  const store = (items) => {
    if (items.length) localStorage.setItem(key, JSON.stringify(items));
    else localStorage.removeItem(key);
  };

  // What a form says, in the words on its labels: what the phone shows of a kept post.
  const summary = (form) => {
    const said = [];
    for (const field of form.elements) {
      if (!field.name || field.type === "hidden" || field.type === "submit") continue;
      if ((field.type === "radio" || field.type === "checkbox") && !field.checked) continue;
      let value = field.value;
      if (field.tagName === "SELECT") value = field.selectedOptions[0]?.textContent || "";
      if (field.type === "radio") value = field.labels[0]?.textContent || value;
      if (!value.trim()) continue;
      const group = field.closest("fieldset")?.querySelector("legend")?.textContent;
      const label = field.type === "radio" ? group : field.labels[0]?.textContent || group;
      said.push(field.type === "checkbox" ? label : `${(label || "").trim()} ${value.trim()}`);
    }
    return said.join(" · ");
  };

  // A hand given as totals has no cards to say: it is said in the site's own words for
  // it (games/tables.py, totals_pattern: "Pair 3 bids 4; points 4 v 2"), which the hand
  // form carries with {bidder}, {bid}, {a} and {b} to fill in; "—" for what is not given.
  const totalsSummary = (form) => {
    const pattern = form.dataset.totals;
    const points = [...form.querySelectorAll("[name^=points_]")].map((field) => field.value.trim());
    if (!pattern || !points.some(Boolean)) return "";
    const bid = form.querySelector("select[name=bid]");
    const given = {
      bidder: form.querySelector("[name=bidder]:checked")?.value,
      bid: bid?.value ? bid.selectedOptions[0]?.textContent.trim() : "",
      a: points[0],
      b: points[1],
    };
    return pattern.replace(/\{(\w+)\}/g, (_, name) => given[name] || "—");
  };

  // A new entry key: 128 random bits, as the site's own (links/forms.py). Not
  // crypto.randomUUID, which a page served over the hall's plain HTTP does not have.
  const entryKey = () => {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  };

  const plural = new Intl.PluralRules(document.documentElement.lang || "en");
  function show() {
    const items = load();
    box.hidden = items.length === 0;
    if (!items.length) return;
    const counts = {};
    for (const item of items) counts[item.kind] = (counts[item.kind] || 0) + 1;
    const what = Object.entries(counts).map(([kind, count]) =>
      words[`${kind}${plural.select(count) === "one" ? "One" : "Other"}`].replace(
        "{count}",
        count,
      ),
    );
    box.querySelector(".kept-note").textContent =
      words.note.replace("{what}", what.join(", ")) + (status ? " " + status : "");
    const list = box.querySelector(".kept-items");
    list.replaceChildren();
    for (const item of items) {
      const row = document.createElement("li");
      const said = item.summary || words[`${item.kind}One`];
      row.textContent = item.title ? `${item.title} — ${said}` : said;
      if (item.problem) {
        const problem = document.createElement("p");
        problem.className = "kept-problem";
        const why = item.outcome === "different" ? words.different : words.refused;
        problem.textContent = `${why} ${item.problem}`;
        const yours = document.createElement("p");
        yours.textContent = `${words.yours} ${row.textContent}`;
        const drop = document.createElement("button");
        drop.type = "button";
        drop.className = "kept-drop";
        drop.textContent = words.drop;
        drop.addEventListener("click", () => {
          // Another hand at that number: the site is told the pair settled it, in turn.
          const rest = load().filter((kept) => kept.id !== item.id);
          const kept = ["csrfmiddlewaretoken", "seen"];
          const body = item.body.filter(([name]) => kept.includes(name));
          body.push(["entry", entryKey()]);
          const settled = { id: `${item.id}-settled`, kind: "settled", action: item.action + "settled/" };
          const told = { ...settled, body, title: "", summary: words.settledOne };
          store(item.outcome === "different" ? [told, ...rest] : rest);
          send();
        });
        row.replaceChildren(problem, yours, drop);
      }
      list.append(row);
    }
  }

  // The hand form after a hand kept: the next number, blank fields.
  const nextHand = (form, number) => {
    const position = form.querySelector("[name=position]");
    if (!position || !number) return;
    form.reset();
    position.value = number + 1;
    const title = form.closest("section")?.querySelector("h2");
    if (title) title.textContent = title.textContent.replace(/\d+/, number + 1);
  };

  const later = () => {
    clearTimeout(timer);
    const pause = PAUSES[Math.min(failures, PAUSES.length - 1)];
    failures += 1;
    timer = setTimeout(send, pause * 1000);
  };

  // Send the queue's first post; what the site answered decides what comes next.
  async function send() {
    clearTimeout(timer);
    const items = load();
    const item = items[0];
    if (sending || !item || item.problem) return show();
    sending = true;
    status = words.sending;
    show();
    let answer = null;
    try {
      const response = await fetch(item.action, {
        method: "POST",
        body: new URLSearchParams(item.body),
        headers: { Accept: "application/json" },
        credentials: "same-origin",
        cache: "no-store",
      });
      const json = (response.headers.get("Content-Type") || "").includes("json");
      if (json) answer = await response.json();
      else if (response.status < 500) answer = { outcome: "refused", messages: [] };
    } catch {
      answer = null; // the network dropped, or the site is down: try again later
    }
    sending = false;
    if (!answer || answer.outcome === "wait") {
      status = words.retry;
      show();
      return later();
    }
    failures = 0;
    status = "";
    const rest = load().filter((kept) => kept.id !== item.id);
    if (answer.outcome === "saved" || answer.outcome === "done") {
      store(rest);
      return rest.length ? send() : reopen(answer.page);
    }
    if (answer.outcome === "invalid" && fresh.has(item.id)) {
      // Just typed and still on the form: let the site draw it with its errors.
      store(rest);
      return fresh.get(item.id).submit();
    }
    item.outcome = answer.outcome;
    item.problem = answer.messages.join(" ") || item.outcome;
    store([item, ...rest]);
    // Another hand at that number: the page as the site has it, to show the saved one too.
    if (answer.outcome === "different") return reopen(answer.page);
    show();
  }

  // The page as the site has it now, with its messages. replaceState first: a reload of
  // a page a post drew (a form with errors) must not post it again.
  const reopen = (page) => {
    history.replaceState(null, "", new URL(page || words.key, location.href));
    location.reload();
  };

  for (const form of forms) {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const entry = form.querySelector("[name=entry]");
      if (entry) entry.value = entryKey(); // this entry's own, kept with it in the queue
      const body = [...new FormData(form, event.submitter)].map(([name, value]) => [name, value]);
      const position = Number(form.querySelector("[name=position]")?.value) || 0;
      const hand = form.dataset.keepOffline === "hand";
      const title = hand ? form.closest("section")?.querySelector("h2")?.textContent : "";
      const item = {
        id: `${Date.now()}-${Math.random().toString(36).slice(2)}`,
        kind: form.dataset.keepOffline,
        action: form.action,
        body,
        title: (title || "").trim(),
        summary: totalsSummary(form) || summary(form),
        position,
      };
      const items = load();
      store([...items, item]);
      if (items.length === 0) fresh.set(item.id, form);
      else if (item.kind === "hand") nextHand(form, position);
      for (const button of form.querySelectorAll("button")) button.disabled = item.kind !== "hand";
      send().then(() => {
        if (load().some((kept) => kept.id === item.id)) {
          fresh.delete(item.id);
          if (item.kind === "hand" && items.length === 0) nextHand(form, position);
        }
      });
    });
  }

  // A page opened while hands wait in the queue: its hand form comes after them.
  const queued = load().filter((item) => item.kind === "hand").map((item) => item.position);
  const handForm = document.querySelector("main form[data-keep-offline=hand]");
  if (queued.length && handForm) nextHand(handForm, Math.max(...queued));

  addEventListener("online", () => {
    failures = 0;
    send();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") send();
  });
  addEventListener("storage", (event) => {
    if (event.key === key) show();
  });
  send();
});
