// Turn alerts: a short chime (made with WebAudio, no sound file) and a browser notification
// when it becomes your turn while the tab is hidden. Opt-in, remembered in localStorage.

const KEY = "sequenza.alerts";

let audio = null;

export function alertsOn() {
  try {
    return localStorage.getItem(KEY) === "on";
  } catch {
    return false;
  }
}

// Called from a click: browsers let a page start sound and ask for notifications only then.
export async function setAlerts(on) {
  try {
    localStorage.setItem(KEY, on ? "on" : "off");
  } catch {
    // Private windows may refuse storage: the choice then lasts for this page only.
  }
  if (!on) return;
  audio = audio || makeAudio();
  if (audio && audio.state === "suspended") await audio.resume().catch(() => {});
  if ("Notification" in window && Notification.permission === "default") {
    await Notification.requestPermission().catch(() => {});
  }
}

// Browsers start sound only after the player has touched the page: with alerts on, the
// first tap of a visit (any move) readies the chime for later, when the tab is hidden.
export function primeAlerts() {
  const unlock = () => {
    if (!alertsOn()) return;
    audio = audio || makeAudio();
    if (audio && audio.state === "suspended") audio.resume().catch(() => {});
  };
  document.addEventListener("pointerdown", unlock, { once: true, capture: true });
}

function makeAudio() {
  const Context = window.AudioContext || window.webkitAudioContext;
  return Context ? new Context() : null;
}

function chime() {
  audio = audio || makeAudio();
  if (!audio) return;
  const start = audio.currentTime;
  // Two soft notes, a rising fifth: noticeable without being an alarm.
  [[660, 0], [990, 0.16]].forEach(([frequency, delay]) => {
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.type = "sine";
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.0001, start + delay);
    volume.gain.exponentialRampToValueAtTime(0.18, start + delay + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, start + delay + 0.35);
    tone.connect(volume).connect(audio.destination);
    tone.start(start + delay);
    tone.stop(start + delay + 0.4);
  });
}

// Tell the player it is their turn, if they asked for it and are looking elsewhere.
export function alertTurn(title, body) {
  if (!alertsOn() || !document.hidden) return;
  chime();
  if ("Notification" in window && Notification.permission === "granted") {
    try {
      const notice = new Notification(title, { body, icon: "/static/icon.svg", tag: "sequenza-turn" });
      notice.onclick = () => { window.focus(); notice.close(); };
    } catch {
      // Some browsers allow notifications only from a service worker: the chime is enough.
    }
  }
}
