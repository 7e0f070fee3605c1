/*
 * The loader of a page the server drew (decision 0050: the sign-in page, the page a poster's QR code opens). The
 * page is readable at once; its code, fetched beside it (modulepreload), runs when the visitor first touches the
 * page — a tap, a key, the mouse or the wheel — and then takes over the drawn elements, keeping what was typed and
 * where the focus is. A slow phone is not kept busy by code nobody has asked to run yet.
 *
 * It runs at once instead when the drawn page is not what the app would show this browser: someone is signed in
 * (the sign-in page sends them on), or a language was chosen here before that is not the page's.
 *
 * Until the app has taken over, a submit is held (a form would otherwise be sent by the browser itself, its fields
 * in the address) and so is a tap on a button or a box; the app's ready event lets the last one through.
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
      target && target.closest('button, [role="button"], [role="combobox"], input[type="checkbox"], input[type="radio"]');
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
  /** A field of a store the app keeps (platform/stores.ts), or null. */
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
    kept(sessionStorage, 'parkade.auth', 'isAuthenticated') || kept(localStorage, 'parkade.auth', 'isAuthenticated');
  if ((language && language !== pageLanguage) || signedIn) return start();
  for (var i = 0; i < TOUCH.length; i++) window.addEventListener(TOUCH[i], start, { capture: true, passive: true });
})();
