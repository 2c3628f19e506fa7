"""Short, soft sounds made with Web Audio (no files), when the player turned them on: a card
picked up, put down or turned over, a trick taken, a round won. The audio context starts on a
player's gesture, as browsers require."""
import js

_AUDIO = {"context": None}
# name -> (wave, notes as (start Hz, end Hz), note length in s, loudness): quiet and short, so
# that they stay pleasant at every move of a long match.
SOUNDS = {
    "pick": ("triangle", ((880, 990),), 0.05, 0.06),
    "place": ("sine", ((420, 300),), 0.08, 0.14),
    "flip": ("triangle", ((520, 880),), 0.06, 0.05),
    "trick": ("sine", ((660, 660), (494, 494)), 0.09, 0.1),
    "win": ("sine", ((523, 523), (659, 659), (784, 784), (1047, 1047)), 0.12, 0.12),
}


def play(name: str):
    context = _AUDIO["context"]
    if context is None:
        context = _AUDIO["context"] = js.AudioContext.new()
    wave, notes, length, loudness = SOUNDS[name]
    start = context.currentTime
    for i, (low, high) in enumerate(notes):
        tone = context.createOscillator()
        gain = context.createGain()
        tone.type = wave
        at = start + i * length
        tone.frequency.setValueAtTime(low, at)
        tone.frequency.linearRampToValueAtTime(high, at + length)
        gain.gain.setValueAtTime(loudness, at)
        gain.gain.exponentialRampToValueAtTime(0.001, at + length)
        tone.connect(gain)
        gain.connect(context.destination)
        tone.start(at)
        tone.stop(at + length)
