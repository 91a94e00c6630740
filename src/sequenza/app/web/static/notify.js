// Turn alerts: a short chime (made with WebAudio, no sound file) and a browser notification
// when it becomes your turn while the tab is hidden. Move sounds: a tick for another's move, the
// chime for your turn, a rising run for a claim or a sequence, while you look at the table.
// Both opt-in, remembered in localStorage.

const KEY = "sequenza.alerts";
const SOUNDS_KEY = "sequenza.sounds";
// What the log calls a claim or a sequence made, in every game (the events' codes).
const TRIUMPHS = new Set(["claim", "sequence", "completed"]);

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
  // Two soft notes, a rising fifth: noticeable without being an alarm.
  notes([[660, 0], [990, 0.16]], 0.18);
}

function notes(tones, loudness, length = 0.35) {
  audio = audio || makeAudio();
  if (!audio) return;
  const start = audio.currentTime;
  tones.forEach(([frequency, delay]) => {
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.type = "sine";
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.0001, start + delay);
    volume.gain.exponentialRampToValueAtTime(loudness, start + delay + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, start + delay + length);
    tone.connect(volume).connect(audio.destination);
    tone.start(start + delay);
    tone.stop(start + delay + length + 0.05);
  });
}

export function soundsOn() {
  try {
    return localStorage.getItem(SOUNDS_KEY) === "on";
  } catch {
    return false;
  }
}

// Called from a click, which lets the page start sound.
export async function setSounds(on) {
  try {
    localStorage.setItem(SOUNDS_KEY, on ? "on" : "off");
  } catch {
    // Private windows may refuse storage: the choice then lasts for this page only.
  }
  if (!on) return;
  audio = audio || makeAudio();
  if (audio && audio.state === "suspended") await audio.resume().catch(() => {});
}

// The sound for what just happened at the table, if the player asked for sounds: a claim or
// a sequence above all, else their turn, else another's move. Which one played is returned
// (the page's tests read it: there is nothing to hear in a headless browser).
export function playSound({ events, othersMoved, myTurnNow }) {
  if (!soundsOn() || document.hidden) return null;
  let kind = null;
  if (events.some((event) => TRIUMPHS.has(event.event))) kind = "triumph";
  else if (myTurnNow) kind = "turn";
  else if (othersMoved) kind = "move";
  if (kind === "triumph") notes([[523, 0], [659, 0.1], [784, 0.2]], 0.16);
  else if (kind === "turn") chime();
  else if (kind === "move") notes([[440, 0]], 0.08, 0.08);
  if (kind) document.documentElement.dataset.lastSound = kind;
  return kind;
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
