// The audible cue of a new alert: a short tone made with Web Audio (no sound file to serve), two
// for a severe one. Muting is remembered on this device. A browser lets a page sound only once
// someone has clicked or pressed a key on it; until then a "Turn on alert sound" button says so,
// and the "Mute alert sound" switch waits for it: one sound control is shown at a time.
import { h } from "./dom.js";

const MUTED_KEY = "vigil.muted";
let context = null;

const isMuted = () => localStorage.getItem(MUTED_KEY) === "1";

function setMuted(muted) {
  localStorage.setItem(MUTED_KEY, muted ? "1" : "0");
  showSwitches();
}

/** Whether the browser lets the page play sound now (it has been clicked or typed in). */
const mayPlay = () => navigator.userActivation?.hasBeenActive ?? context?.state === "running";

/** Whether the "Turn on alert sound" button shows: the cue is wanted and the browser would keep it silent. */
const asksToTurnOn = () => !isMuted() && !mayPlay();

/** The "Turn on alert sound" button. */
export function soundSwitch() {
  const button = h("button", { type: "button", class: "sound-on", onclick: unlock }, "Turn on alert sound");
  button.hidden = !asksToTurnOn();
  return button;
}

/** The "Mute alert sound" switch, remembered on this device; hidden while the page asks to turn sound on. */
export function muteSwitch() {
  const button = h("button", { type: "button", class: "mute", "aria-pressed": String(isMuted()) }, "Mute alert sound");
  button.addEventListener("click", () => setMuted(!isMuted()));
  button.hidden = asksToTurnOn();
  return button;
}

function showSwitches() {
  for (const button of document.querySelectorAll("button.sound-on")) button.hidden = !asksToTurnOn();
  for (const button of document.querySelectorAll("button.mute")) {
    button.hidden = asksToTurnOn();
    button.setAttribute("aria-pressed", String(isMuted()));
  }
}

// Any click or key press of a person on the page is the gesture the browser waits for (a click made
// by a script is not).
function unlock() {
  if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
  context ??= new AudioContext();
  context.resume().then(showSwitches, showSwitches);
}
for (const type of ["pointerdown", "keydown", "click"]) document.addEventListener(type, unlock, { capture: true });

/** Plays the cue unless muted or not yet allowed; `severe` plays it twice, higher. */
export function chime(severe = false) {
  if (isMuted() || !mayPlay()) return;
  context ??= new AudioContext();
  const start = context.currentTime;
  for (let index = 0; index < (severe ? 2 : 1); index++) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = severe ? 988 : 740;
    gain.gain.setValueAtTime(0.0001, start + index * 0.3);
    gain.gain.exponentialRampToValueAtTime(0.3, start + index * 0.3 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + index * 0.3 + 0.25);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + index * 0.3);
    oscillator.stop(start + index * 0.3 + 0.26);
  }
}
