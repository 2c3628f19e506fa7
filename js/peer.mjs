// Play across devices with no server: one RTCPeerConnection and one data channel per guest,
// named by the page's id. The host's offer and the guest's answer are whole SDP strings, with
// every candidate in them (no trickle): they travel once, by QR code or link, so each must be
// complete. The page hears back through "tapis-peer" window events, {id, kind, data}:
// open, message, flood (how many messages over the rate were dropped), away, back, closed (after
// open), failed (never opened).

const peers = new Map(); // id -> {pc, channel, opened, away, timer}
const GATHER_MS = 4000; // a candidate that takes longer (a slow STUN server) is left out
const OPEN_MS = 20000; // from the host's accept(): both sides have each other's description
// The guest waits while a person carries its answer to the host's device (a scan, a message).
const ANSWERED_MS = 600000;
const RATE = 100; // messages a second a channel hands the page

function emit(id, kind, data) {
  window.dispatchEvent(new CustomEvent("tapis-peer", { detail: { id, kind, data } }));
}

// A connection replaced by a new one with the same id, or closed, stays silent: the page only
// ever hears about the one it holds.
const live = (id, peer) => peers.get(id) === peer;

// Ends a connection the page still holds, telling it why: "closed" if it had opened.
function end(id, peer, reason) {
  if (!live(id, peer)) return;
  close(id);
  emit(id, peer.opened ? "closed" : "failed", reason);
}

function create(id, stun) {
  close(id);
  const pc = new RTCPeerConnection({ iceServers: stun ? [{ urls: stun }] : [] });
  const peer = { pc, channel: null, opened: false, away: false, timer: 0 };
  peers.set(id, peer);
  pc.oniceconnectionstatechange = () => {
    if (!live(id, peer)) return;
    const state = pc.iceConnectionState;
    // Before the channel opens, a wobble is the open timeout's business, not the page's.
    if (state === "disconnected" && peer.opened && !peer.away) {
      peer.away = true;
      emit(id, "away");
    } else if ((state === "connected" || state === "completed") && peer.away) {
      peer.away = false;
      emit(id, "back");
    } else if (state === "failed") {
      end(id, peer, "ice failed");
    }
  };
  return peer;
}

function wire(id, peer, channel) {
  peer.channel = channel;
  const opened = () => {
    if (!live(id, peer) || peer.opened) return;
    peer.opened = true;
    clearTimeout(peer.timer);
    emit(id, "open");
  };
  channel.onopen = opened;
  // A channel the other side announced reaches us already open (in Chromium, always): had its
  // open event gone by, the guest would never say hello. What it sends at once can still be lost
  // (3 % of connections, bench/first_words.py): ui/remote.py says hello until answered.
  if (channel.readyState === "open") opened();
  // At most RATE messages a second reach the page (an honest device sends a move or two): the
  // rest of a flood is counted, and said once at the end of its second ("flood"). Binary data is
  // handed on as null, to be refused and said as any message that is not one of Tapis's.
  let begun = -Infinity, count = 0, dropped = 0;
  channel.onmessage = (event) => {
    if (!live(id, peer)) return;
    const now = performance.now();
    if (now - begun >= 1000) [begun, count] = [now, 0];
    if (++count > RATE) {
      if (dropped++ === 0) {
        setTimeout(() => {
          if (live(id, peer)) emit(id, "flood", dropped);
          dropped = 0;
        }, 1000 - (now - begun));
      }
      return;
    }
    emit(id, "message", typeof event.data === "string" ? event.data : null);
  };
  channel.onclose = () => end(id, peer, "channel closed");
}

// The open timeout: window.tapisPeerTimeoutMs (tests lower it), else `ms`. None for a channel
// that opened already (it can, before the accept() that set it up has returned).
function deadline(id, peer, ms) {
  if (peer.opened) return;
  ms = window.tapisPeerTimeoutMs ?? ms;
  peer.timer = setTimeout(() => end(id, peer, `not open after ${ms} ms`), ms);
}

// The local description once ICE gathering is complete, or after GATHER_MS with what there is.
async function gathered(id, peer) {
  const { pc } = peer;
  if (pc.iceGatheringState !== "complete") {
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, GATHER_MS);
      pc.addEventListener("icegatheringstatechange", () => {
        if (pc.iceGatheringState === "complete") {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  }
  // Closed or replaced meanwhile: its SDP would lead nowhere.
  if (!live(id, peer)) throw new Error("closed");
  const sdp = pc.localDescription.sdp;
  if (!/^a=candidate:/m.test(sdp)) {
    close(id);
    throw new Error("no-path");
  }
  return sdp;
}

// A failed step forgets the connection it was making, then rejects as it did.
async function making(id, peer, steps) {
  try {
    return await steps();
  } catch (error) {
    if (live(id, peer)) close(id);
    throw error;
  }
}

export async function offer(id, stun) {
  const peer = create(id, stun);
  wire(id, peer, peer.pc.createDataChannel("tapis", { ordered: true }));
  return making(id, peer, async () => {
    await peer.pc.setLocalDescription(await peer.pc.createOffer());
    return gathered(id, peer);
  });
}

export async function answer(id, offerSdp, stun) {
  const peer = create(id, stun);
  peer.pc.ondatachannel = (event) => {
    if (event.channel.label === "tapis") wire(id, peer, event.channel);
  };
  return making(id, peer, async () => {
    await peer.pc.setRemoteDescription({ type: "offer", sdp: offerSdp });
    await peer.pc.setLocalDescription(await peer.pc.createAnswer());
    const sdp = await gathered(id, peer);
    deadline(id, peer, ANSWERED_MS);
    return sdp;
  });
}

export async function accept(id, answerSdp) {
  const peer = peers.get(id);
  if (!peer) throw new Error("unknown");
  await peer.pc.setRemoteDescription({ type: "answer", sdp: answerSdp });
  deadline(id, peer, OPEN_MS);
}

export function send(id, text) {
  const channel = peers.get(id)?.channel;
  if (channel?.readyState !== "open") return false;
  try {
    channel.send(text);
    return true;
  } catch {
    return false; // larger than the other side takes (sctp.maxMessageSize), or the buffer is full
  }
}

export function close(id) {
  const peer = peers.get(id);
  if (!peer) return;
  peers.delete(id);
  clearTimeout(peer.timer);
  peer.pc.close();
}
