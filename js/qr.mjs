// QR codes for the invitations between devices (a link ending in "#join=<CODE>", CODE in upper-case
// base32): drawn as SVG markup for the page, and read from the rear camera. Imported only when a
// multi-device screen opens; what it loads is vendored (scripts/vendor.py), nothing comes from elsewhere.
// Drawing: qrcode-generator, one ES module of 12 kB gzipped that makes a code of several segments.
// Reading: the browser's BarcodeDetector where it reads QR codes (Chromium on Android), else jsQR,
// imported on first need (58 kB gzipped, plain JS, nothing more to fetch). The maintained polyfill
// (npm barcode-detector, on zxing-wasm) would add 413 kB gzipped of wasm to the offline copy, which
// it fetches from a CDN unless told otherwise, to read codes that another phone's screen shows.
import qrcode from "../vendor/qr/qrcode.mjs";

// M: up to 15% of the code can be lost, against 7% with L, for the glare, moiré and thumbs of a code
// shown on a screen; at an invitation's length it costs one or two versions (4 modules a side each).
const LEVEL = "M";
const QUIET = 4; // modules of blank margin all round, as the standard asks
// The tail worth its own alphanumeric segment: 5.5 bits a character instead of byte mode's 8 pays
// for the segment's header (4 + up to 13 bits) from 8 characters on.
const TAIL = /[A-Z2-7]{8,}$/;
// Frames wider or taller than this are scaled down before jsQR reads them: its time grows with the
// pixels (a full-HD frame has nearly 6 times those of 800 x 450) and a code held up to the camera
// still gets several pixels a module.
const READ_SIDE = 800;

function make(text) {
  const tail = TAIL.exec(text)?.[0] ?? "";
  const head = text.slice(0, text.length - tail.length);
  const qr = qrcode(0, LEVEL); // 0: the smallest version that holds the data
  if (head || !tail) {
    // Its byte mode keeps each character's low 8 bits: hand it the UTF-8 bytes, one per character.
    qr.addData(String.fromCharCode(...new TextEncoder().encode(head)), "Byte");
  }
  if (tail) qr.addData(tail, "Alphanumeric");
  qr.make();
  return qr;
}

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

// The modules are drawn in currentColor, set to black on the element: a style sheet may choose
// another dark ink, while the light text colour of the dark theme (only inherited) cannot reach
// them; the white square under them keeps the code dark on light whatever the page's background.
export function svg(text, label) {
  const qr = make(text);
  const count = qr.getModuleCount();
  const size = count + 2 * QUIET;
  let path = "";
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (!qr.isDark(row, col)) continue;
      let end = col + 1;
      while (end < count && qr.isDark(row, end)) end++;
      path += `M${col + QUIET} ${row + QUIET}h${end - col}v1h-${end - col}z`;
      col = end;
    }
  }
  const name = String(label).replace(/[&<>"']/g, (c) => ESCAPES[c]);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges"`
    + ` role="img" aria-label="${name}" color="#000"><rect width="${size}" height="${size}" fill="#fff"/>`
    + `<path fill="currentColor" d="${path}"/></svg>`;
}

export function version(text) {
  return (make(text).getModuleCount() - 17) / 4;
}

function nextFrame(video) {
  return new Promise((resolve) => {
    if (video.requestVideoFrameCallback) video.requestVideoFrameCallback(() => resolve());
    else requestAnimationFrame(() => resolve());
  });
}

// A function that reads a video's current frame: the code's text, or null.
async function reader() {
  if (globalThis.BarcodeDetector
      && (await BarcodeDetector.getSupportedFormats()).includes("qr_code")) {
    const detector = new BarcodeDetector({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  await import("../vendor/qr/jsQR.js"); // a UMD build: outside CommonJS and AMD it sets self.jsQR
  const { jsQR } = globalThis;
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async (video) => {
    const scale = Math.min(1, READ_SIDE / Math.max(video.videoWidth, video.videoHeight));
    const width = Math.round(video.videoWidth * scale);
    const height = Math.round(video.videoHeight * scale);
    if (!width || !height) return null;
    if (canvas.width !== width || canvas.height !== height) Object.assign(canvas, { width, height });
    context.drawImage(video, 0, 0, width, height);
    const found = jsQR(context.getImageData(0, 0, width, height).data, width, height,
      { inversionAttempts: "dontInvert" }); // ours are always dark on light
    return found ? found.data : null;
  };
}

export function scan(video) {
  let done = false;
  let stream = null;
  let halt;
  const halted = new Promise((_, reject) => { halt = reject; });
  halted.catch(() => {}); // only ever awaited through a race
  const release = () => stream?.getTracks().forEach((track) => track.stop());
  const camera = navigator.mediaDevices
    ? navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false })
    : Promise.reject(new DOMException("no camera outside a secure context", "NotSupportedError"));
  // A camera granted after stop() (or after a failure) is turned off as soon as it comes.
  camera.then((granted) => { stream = granted; if (done) release(); }, () => {});
  const result = (async () => {
    try {
      video.muted = true;
      video.playsInline = true; // iOS would otherwise open its own full-screen player
      video.srcObject = await Promise.race([camera, halted]);
      await Promise.race([video.play(), halted]);
      const read = await Promise.race([reader(), halted]);
      for (;;) {
        await Promise.race([nextFrame(video), halted]);
        const text = await Promise.race([read(video), halted]);
        if (text !== null) return text;
      }
    } finally {
      done = true;
      release();
      video.srcObject = null;
    }
  })();
  return { result, stop: () => halt(new Error("stopped")) };
}
