// Runs before the first paint: applies the theme kept under the key "theme" (light, dark or
// system) so the page never flashes the wrong colours. next-themes takes over after load.
(function () {
  try {
    var stored = localStorage.getItem("theme");
    var theme = stored === "light" || stored === "dark" ? stored : "system";
    var dark =
      theme === "dark" ||
      (theme === "system" && matchMedia("(prefers-color-scheme: dark)").matches);
    var root = document.documentElement;
    root.classList.add(dark ? "dark" : "light");
    root.style.colorScheme = dark ? "dark" : "light";
    var lang = localStorage.getItem("language");
    if (lang === "en" || lang === "nl") root.lang = lang;
  } catch (e) {
    // Storage may be blocked; the system theme applies.
  }
})();
