/**
 * The station's sounds, made with WebAudio (no audio files): a packer looks at the box, not the
 * screen, so a warning must be heard. A low double buzz for a warning, a short high blip for a
 * tick, a rising pair for a packed order. Silent where there is no audio (tests, policy).
 */
export type StationSound = 'warning' | 'tick' | 'packed'

type Tone = { frequency: number; start: number; length: number; type: OscillatorType }

const TONES: Record<StationSound, Tone[]> = {
  warning: [
    { frequency: 220, start: 0, length: 0.16, type: 'square' },
    { frequency: 180, start: 0.22, length: 0.22, type: 'square' },
  ],
  tick: [{ frequency: 1320, start: 0, length: 0.05, type: 'sine' }],
  packed: [
    { frequency: 880, start: 0, length: 0.09, type: 'sine' },
    { frequency: 1320, start: 0.1, length: 0.14, type: 'sine' },
  ],
}

let context: AudioContext | null = null

type IdleScheduler = (run: () => void, options?: { timeout: number }) => number

/**
 * Opens the audio output while the station is still opening, when nobody waits on the screen:
 * the first sound would otherwise pay for it (357 ms in headless Chromium) on the first scan.
 */
export function warmStationSound(): void {
  const idle = (globalThis as { requestIdleCallback?: IdleScheduler }).requestIdleCallback
  if (typeof idle === 'function') idle(() => openContext(), { timeout: 1000 })
  else setTimeout(() => openContext(), 0)
}

function openContext(): AudioContext | null {
  try {
    const Audio = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext
    if (!Audio) return null
    context ??= new Audio()
    return context
  } catch {
    return null
  }
}

/**
 * The sound starts after the next frame: creating the audio output the first time takes long
 * enough (hundreds of ms on some machines) to hold back the order card the packer looks at.
 */
export function playStationSound(sound: StationSound): void {
  const later = globalThis.requestAnimationFrame
  if (typeof later === 'function') later(() => setTimeout(() => playNow(sound), 0))
  else setTimeout(() => playNow(sound), 0)
}

function playNow(sound: StationSound): void {
  try {
    const audio = openContext()
    if (!audio) return
    if (audio.state === 'suspended') void audio.resume()
    const now = audio.currentTime
    for (const tone of TONES[sound]) {
      const oscillator = audio.createOscillator()
      const gain = audio.createGain()
      oscillator.type = tone.type
      oscillator.frequency.value = tone.frequency
      // A short fade in and out: a click-free tone.
      gain.gain.setValueAtTime(0.0001, now + tone.start)
      gain.gain.exponentialRampToValueAtTime(0.25, now + tone.start + 0.01)
      gain.gain.exponentialRampToValueAtTime(0.0001, now + tone.start + tone.length)
      oscillator.connect(gain).connect(audio.destination)
      oscillator.start(now + tone.start)
      oscillator.stop(now + tone.start + tone.length + 0.02)
    }
  } catch {
    // A sound is a courtesy: the banner says the same.
  }
}
