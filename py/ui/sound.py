"""Short sounds made with Web Audio (no files), when the player turned them on: a soft tick for
a card put down, a rising chime for a won round. The audio context starts on a player's gesture,
as browsers require."""
import js

_AUDIO = {"context": None}
# name -> (frequencies in Hz, note length in s)
SOUNDS = {"place": ((660,), 0.06), "win": ((523, 659, 784), 0.12)}


def play(name: str):
    context = _AUDIO["context"]
    if context is None:
        context = _AUDIO["context"] = js.AudioContext.new()
    notes, length = SOUNDS[name]
    start = context.currentTime
    for i, frequency in enumerate(notes):
        tone = context.createOscillator()
        gain = context.createGain()
        tone.type = "sine"
        tone.frequency.value = frequency
        at = start + i * length
        gain.gain.setValueAtTime(0.15, at)
        gain.gain.exponentialRampToValueAtTime(0.001, at + length)
        tone.connect(gain)
        gain.connect(context.destination)
        tone.start(at)
        tone.stop(at + length)
