// The game's sounds, made with WebAudio oscillators: nothing to download, nothing borrowed.
// The audio context starts on the first click (browsers allow sound only after a gesture).

let ctx = null;
let muted = false;

export function setMuted(m) { muted = m; }
export function isMuted() { return muted; }

/** Call from a user gesture: creates or resumes the audio context. */
export function unlock() {
  if (!ctx) {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return;
    ctx = new AC();
  }
  if (ctx.state === 'suspended') ctx.resume().catch(() => {});
}

function tone(freq, start, duration, type = 'square', gain = 0.08, endFreq = null) {
  const t0 = ctx.currentTime + start;
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  if (endFreq) osc.frequency.exponentialRampToValueAtTime(endFreq, t0 + duration);
  amp.gain.setValueAtTime(0, t0);
  amp.gain.linearRampToValueAtTime(gain, t0 + 0.01);
  amp.gain.exponentialRampToValueAtTime(0.0005, t0 + duration);
  osc.connect(amp).connect(ctx.destination);
  osc.start(t0);
  osc.stop(t0 + duration + 0.02);
}

const SOUNDS = {
  step: () => tone(180, 0, 0.05, 'triangle', 0.05),
  bone: () => { tone(660, 0, 0.08); tone(990, 0.08, 0.12); },
  bribe: () => { tone(300, 0, 0.12, 'sawtooth', 0.06, 150); tone(520, 0.12, 0.1, 'square', 0.05); },
  eaten: () => tone(420, 0, 0.7, 'sawtooth', 0.08, 60),
  win: () => [523, 659, 784, 1047].forEach((f, i) => tone(f, i * 0.11, 0.18, 'square', 0.07)),
  bump: () => tone(95, 0, 0.09, 'square', 0.07),
};

/** Plays a sound by name (the names the game's events carry). */
export function play(name) {
  if (muted || !ctx || ctx.state !== 'running' || !SOUNDS[name]) return;
  SOUNDS[name]();
}
