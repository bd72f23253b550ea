// A private album's entry page: the password unwraps the album's key here, in the page
// (GalgenPrivate.unwrapAny, WebCrypto), and the key goes to the album's service worker, which
// opens every file of the album as it arrives. A wrong password says so and shows nothing.
(function () {
  'use strict';
  const form = document.getElementById('unlock');
  const needs = document.getElementById('needs');
  const secure = self.isSecureContext && 'serviceWorker' in navigator && self.crypto && crypto.subtle && self.GalgenPrivate;
  if (!secure || location.protocol === 'file:') { needs.hidden = false; return; }
  form.hidden = false;
  const password = form.elements.password;
  const status = document.getElementById('status');
  const wrong = document.getElementById('wrong');
  const records = JSON.parse(document.getElementById('records').textContent);
  const album = form.dataset.album;
  // Without "Remember", the album stays open while it is looked at (30 minutes after the last
  // file it asks for); with it, 30 days on this device. "Lock" on its pages ends either.
  const BROWSING = 30 * 60 * 1000, REMEMBERED = 30 * 24 * 3600 * 1000;

  function ask(worker, message) {
    return new Promise((resolve, reject) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => resolve(event.data);
      setTimeout(() => reject(new Error('the service worker did not answer')), 10000);
      worker.postMessage(message, [channel.port2]);
    });
  }

  password.focus();
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    wrong.textContent = '';
    status.textContent = form.dataset.opening;
    form.setAttribute('aria-busy', 'true');
    let keys;
    try {
      keys = await GalgenPrivate.unwrapAny(records, password.value, album);
    } catch (error) {
      form.removeAttribute('aria-busy');
      status.textContent = '';
      wrong.textContent = form.dataset.wrong;
      password.select();
      password.focus();
      return;
    }
    try {
      await navigator.serviceWorker.register('sw.js', {scope: './'});
      const registration = await navigator.serviceWorker.ready;
      const remember = form.elements.remember.checked;
      await ask(registration.active, {type: 'open', keys, remember, keep: remember ? REMEMBERED : BROWSING});
      location.reload();
    } catch (error) {
      form.removeAttribute('aria-busy');
      status.textContent = '';
      needs.hidden = false;
    }
  });
})();
