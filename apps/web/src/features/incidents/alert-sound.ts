/**
 * The emergency alarm: a short two-tone siren made with the Web Audio API, so there is no sound
 * file to ship. Browsers allow audio only after the page has been touched, so the audio context is
 * created (unlocked) on the first tap or key press and the alarm stays silent until then; the
 * banner shows either way.
 */
let context: AudioContext | null = null;

export function unlockAlertSound(): void {
  if (context || typeof AudioContext === 'undefined') return;
  context = new AudioContext();
  void context.resume().catch(() => undefined);
}

export function playAlertSound(): void {
  if (!context || context.state !== 'running') return;
  const start = context.currentTime + 0.02;
  const gain = context.createGain();
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.25, start + 0.05);
  gain.gain.setValueAtTime(0.25, start + 1.55);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + 1.7);
  gain.connect(context.destination);
  const tone = context.createOscillator();
  tone.type = 'square';
  for (let step = 0; step < 4; step += 1) tone.frequency.setValueAtTime(step % 2 === 0 ? 960 : 720, start + step * 0.4);
  tone.connect(gain);
  tone.start(start);
  tone.stop(start + 1.75);
  tone.onended = () => gain.disconnect();
}
