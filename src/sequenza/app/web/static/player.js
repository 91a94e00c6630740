// The player this browser is: a secret key made here (no password, no e-mail), sent with each
// join so that the server remembers the seats it played, and moved to another device by a
// link ending in #player=KEY, as a seat's link moves a seat.

const KEY = "sequenza.player";
const SHAPE = /^[A-Za-z0-9_-]{22,64}$/;

export function playerKey() {
  try {
    let key = localStorage.getItem(KEY);
    if (!key || !SHAPE.test(key)) {
      const bytes = crypto.getRandomValues(new Uint8Array(24));
      key = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
      localStorage.setItem(KEY, key);
    }
    return key;
  } catch {
    return null;  // a browser that keeps nothing plays without a history
  }
}

// A link that brought a player key from another device: keep it, and take it out of the
// address bar at once. Returns whether one came.
export function takePlayerLink() {
  const found = window.location.hash.match(/^#player=([A-Za-z0-9_-]{22,64})$/);
  if (!found) return false;
  window.history.replaceState(null, "", window.location.pathname);
  localStorage.setItem(KEY, found[1]);
  return true;
}
