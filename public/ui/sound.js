// The audible cue of a new alert: a short tone made with Web Audio (no sound file to serve), two
// for a severe one. Muting is remembered on this device.
const MUTED_KEY = "vigil.muted";
let context = null;

export const isMuted = () => localStorage.getItem(MUTED_KEY) === "1";

export function setMuted(muted) {
  localStorage.setItem(MUTED_KEY, muted ? "1" : "0");
}

/** Plays the cue unless muted; `severe` plays it twice, higher. */
export function chime(severe = false) {
  if (isMuted()) return;
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
