(function () {
  try {
    var stored = localStorage.getItem('theme');
    var dark = stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    var root = document.documentElement;
    root.classList.add(dark ? 'dark-mode' : 'light-mode');
    root.style.colorScheme = dark ? 'dark' : 'light';
  } catch {
    /* storage blocked: the app applies the theme once it starts */
  }
})();

// A report link tapped before the app runs is held until it does (src/lib/early-tap.ts says why);
// the emergency link is followed at once, the page's other loads stopped.
(function () {
  var held = false;
  document.addEventListener('click', function (event) {
    if (window.bantayStarted || held || event.defaultPrevented || document.readyState === 'complete') return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    // The emergency form is another page: the app's half-loaded files stop first, or they would
    // share one bar of signal with it until it arrived.
    var emergency = event.target && event.target.closest ? event.target.closest('a[href="/lite/emergency"]') : null;
    if (emergency) {
      event.preventDefault();
      window.stop();
      location.assign(emergency.href);
      return;
    }
    var link = event.target && event.target.closest ? event.target.closest('a[href^="/Reportincidents"]') : null;
    if (!link) return;
    event.preventDefault();
    held = true;
    window.bantayEarlyTap = link.getAttribute('href');
    link.setAttribute('aria-busy', 'true');
    link.style.opacity = '0.7';
    link.style.cursor = 'progress';
    window.addEventListener('load', function () {
      setTimeout(function () {
        if (!window.bantayStarted) location.assign(link.href);
      }, 3000);
    });
  });
})();
