/*
 * A drawn page's loader (decision 0050): starts the app (data-entry) on the first touch, or at once when signed in
 * or another language was chosen here; until the app is ready, holds a submit or a tap and lets the last one through.
 */
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var TOUCH = ['pointerdown', 'touchstart', 'keydown', 'mousemove', 'wheel'];
  var started = false;
  var ready = false;
  var held = null;

  function start() {
    if (started) return;
    started = true;
    for (var i = 0; i < TOUCH.length; i++) window.removeEventListener(TOUCH[i], start, true);
    import(entry);
  }

  function hold(event) {
    if (ready) return;
    var target = event.target instanceof Element ? event.target : null;
    if (event.type === 'submit') {
      event.preventDefault();
      if (!held) held = target;
      return;
    }
    var control =
      target &&
      target.closest(
        'button, [role="button"], [role="combobox"], input[type="checkbox"], input[type="radio"]',
      );
    if (!control) return;
    event.preventDefault();
    held = control;
  }

  document.addEventListener('submit', hold, true);
  document.addEventListener('click', hold, true);
  document.addEventListener(
    'parkade:ready',
    function () {
      ready = true;
      document.removeEventListener('submit', hold, true);
      document.removeEventListener('click', hold, true);
      if (!held || !held.isConnected) return;
      if (held instanceof HTMLFormElement) held.requestSubmit();
      else held.click();
    },
    { once: true },
  );

  function stored(storage, key) {
    try {
      return storage.getItem(key);
    } catch (e) {
      return null;
    }
  }
  function kept(storage, key, field) {
    try {
      var state = JSON.parse(stored(storage, key) || 'null');
      return state && state.state ? state.state[field] : null;
    } catch (e) {
      return null;
    }
  }
  var pageLanguage = document.documentElement.lang.split('-')[0];
  var language = kept(localStorage, 'parkade.language', 'currentLanguage');
  var signedIn =
    kept(sessionStorage, 'parkade.auth', 'isAuthenticated') ||
    kept(localStorage, 'parkade.auth', 'isAuthenticated');
  if ((language && language !== pageLanguage) || signedIn) return start();
  for (var i = 0; i < TOUCH.length; i++)
    window.addEventListener(TOUCH[i], start, { capture: true, passive: true });
})();
