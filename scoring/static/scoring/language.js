// The language menu takes effect as soon as a language is picked (mouse, finger or
// keyboard): its form is sent on change. Without script, its button sends it. A static
// file: the site's Content-Security-Policy runs no inline script.
document.getElementById("language-menu")?.addEventListener("change", (event) => {
  event.target.form.submit();
});
