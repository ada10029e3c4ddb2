/**
 * Draws ProofWatch's icons and writes them next to this script: the app icon
 * (PNG sizes, .ico, .icns) and the tray icons (connected / offline / unread,
 * each for light and dark panels and as a macOS template, at 1x and @2x).
 * Run with `node resources/make-icons.mjs`; the output is committed.
 *
 * Shapes are drawn as signed distances, 4×4 samples per pixel for smooth edges.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deflateSync } from 'node:zlib'

const here = dirname(fileURLToPath(import.meta.url))

// --- PNG -------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes) {
  let c = 0xffffffff
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type, data) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** `pixels`: RGBA, 4 bytes per pixel, rows top to bottom. */
function encodePng(size, pixels) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bit depth
  header[9] = 6 // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1))
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0 // no filter
    pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

// --- drawing ---------------------------------------------------------------

/** Shapes in a unit square (0..1, y down); each gives a signed distance (negative inside). */
const circle = (cx, cy, r) => (x, y) => Math.hypot(x - cx, y - cy) - r
const ring = (cx, cy, r, width) => (x, y) => Math.abs(Math.hypot(x - cx, y - cy) - r) - width / 2
const roundedSquare = (inset, radius) => (x, y) => {
  const half = 0.5 - inset - radius
  const dx = Math.max(Math.abs(x - 0.5) - half, 0)
  const dy = Math.max(Math.abs(y - 0.5) - half, 0)
  return Math.hypot(dx, dy) - radius
}
const segment = (ax, ay, bx, by, width) => (x, y) => {
  const px = x - ax
  const py = y - ay
  const vx = bx - ax
  const vy = by - ay
  const t = Math.max(0, Math.min(1, (px * vx + py * vy) / (vx * vx + vy * vy)))
  return Math.hypot(px - vx * t, py - vy * t) - width / 2
}
const union = (...shapes) => (x, y) => Math.min(...shapes.map((shape) => shape(x, y)))

/**
 * Paints layers onto a transparent canvas. Each layer: `{ shape, color: [r,g,b,a] | (x,y) => [r,g,b,a] }`,
 * or `{ shape, erase: true }` to cut through what is below.
 */
function render(size, layers) {
  const pixels = Buffer.alloc(size * size * 4)
  const samples = 4
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0
      let g = 0
      let b = 0
      let a = 0
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = (px + (sx + 0.5) / samples) / size
          const y = (py + (sy + 0.5) / samples) / size
          let cr = 0
          let cg = 0
          let cb = 0
          let ca = 0
          for (const layer of layers) {
            if (layer.shape(x, y) > 0) continue
            if (layer.erase) {
              ca = 0
              continue
            }
            const [lr, lg, lb, la] = typeof layer.color === 'function' ? layer.color(x, y) : layer.color
            // "Over" compositing with straight alpha.
            const outA = la + ca * (1 - la)
            if (outA > 0) {
              cr = (lr * la + cr * ca * (1 - la)) / outA
              cg = (lg * la + cg * ca * (1 - la)) / outA
              cb = (lb * la + cb * ca * (1 - la)) / outA
            }
            ca = outA
          }
          r += cr * ca
          g += cg * ca
          b += cb * ca
          a += ca
        }
      }
      const offset = (py * size + px) * 4
      const n = samples * samples
      pixels[offset + 3] = Math.round((a / n) * 255)
      if (a > 0) {
        pixels[offset] = Math.round(r / a)
        pixels[offset + 1] = Math.round(g / a)
        pixels[offset + 2] = Math.round(b / a)
      }
    }
  }
  return encodePng(size, pixels)
}

// --- the app icon ----------------------------------------------------------

const INDIGO_TOP = [79, 70, 229]
const INDIGO_BOTTOM = [30, 27, 75]
const WHITE = [255, 255, 255, 1]
const AMBER = [251, 146, 60, 1]

const checkMark = (width) => union(segment(0.36, 0.52, 0.46, 0.62, width), segment(0.46, 0.62, 0.66, 0.4, width))

function appIcon(size) {
  const gradient = (_x, y) => INDIGO_TOP.map((top, i) => top + (INDIGO_BOTTOM[i] - top) * y).concat(1)
  return render(size, [
    { shape: roundedSquare(0.06, 0.2), color: gradient },
    { shape: ring(0.5, 0.5, 0.27, 0.07), color: WHITE },
    { shape: checkMark(0.075), color: WHITE },
    { shape: circle(0.76, 0.26, 0.075), color: AMBER },
  ])
}

// --- tray icons ------------------------------------------------------------

/** Glyph colours: dark on light panels, light on dark panels, black for macOS templates (the OS recolours them). */
const INK = { light: [31, 41, 55, 1], dark: [243, 244, 246, 1], Template: [0, 0, 0, 1] }
const OFFLINE_ALPHA = { light: 0.55, dark: 0.6, Template: 0.45 }
const BADGE = [234, 88, 12, 1]

function trayIcon(size, state, variant) {
  const ink = INK[variant]
  const layers = []
  if (state === 'offline') {
    const dim = [...ink.slice(0, 3), OFFLINE_ALPHA[variant]]
    layers.push({ shape: ring(0.5, 0.5, 0.34, 0.12), color: dim })
    // The slash cuts the ring, then is drawn: "not connected".
    layers.push({ shape: segment(0.18, 0.82, 0.82, 0.18, 0.24), erase: true })
    layers.push({ shape: segment(0.2, 0.8, 0.8, 0.2, 0.11), color: ink })
  } else {
    layers.push({ shape: ring(0.5, 0.5, 0.34, 0.12), color: ink })
    layers.push({ shape: circle(0.5, 0.5, 0.14), color: ink })
  }
  if (state === 'unread') {
    // A gap around the badge keeps it readable on any panel.
    layers.push({ shape: circle(0.8, 0.2, 0.25), erase: true })
    layers.push({ shape: circle(0.8, 0.2, 0.18), color: variant === 'Template' ? ink : BADGE })
  }
  return render(size, layers)
}

// --- .ico and .icns --------------------------------------------------------

function encodeIco(images) {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(images.length, 4)
  let offset = 6 + 16 * images.length
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16)
    entry[0] = size >= 256 ? 0 : size
    entry[1] = size >= 256 ? 0 : size
    entry.writeUInt16LE(1, 4) // planes
    entry.writeUInt16LE(32, 6) // bits per pixel
    entry.writeUInt32LE(png.length, 8)
    entry.writeUInt32LE(offset, 12)
    offset += png.length
    return entry
  })
  return Buffer.concat([header, ...entries, ...images.map(({ png }) => png)])
}

/** PNG-compressed entries: ic07 128, ic08 256, ic09 512, ic10 1024 (512@2x). */
function encodeIcns(images) {
  const entries = images.map(({ type, png }) => {
    const head = Buffer.alloc(8)
    head.write(type, 0, 'latin1')
    head.writeUInt32BE(png.length + 8, 4)
    return Buffer.concat([head, png])
  })
  const head = Buffer.alloc(8)
  head.write('icns', 0, 'latin1')
  head.writeUInt32BE(8 + entries.reduce((sum, entry) => sum + entry.length, 0), 4)
  return Buffer.concat([head, ...entries])
}

// --- output ----------------------------------------------------------------

function write(relative, data) {
  const path = join(here, relative)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, data)
}

const appPngs = new Map()
for (const size of [16, 32, 48, 64, 128, 256, 512, 1024]) appPngs.set(size, appIcon(size))
write('icon.png', appPngs.get(512))
for (const size of [16, 32, 48, 64, 128, 256, 512]) write(`icons/${size}x${size}.png`, appPngs.get(size))
write('icon.ico', encodeIco([16, 32, 48, 256].map((size) => ({ size, png: appPngs.get(size) }))))
write(
  'icon.icns',
  encodeIcns([
    { type: 'ic07', png: appPngs.get(128) },
    { type: 'ic08', png: appPngs.get(256) },
    { type: 'ic09', png: appPngs.get(512) },
    { type: 'ic10', png: appPngs.get(1024) },
  ]),
)

for (const state of ['connected', 'offline', 'unread']) {
  for (const variant of ['light', 'dark', 'Template']) {
    const name = variant === 'Template' ? `tray-${state}Template` : `tray-${state}-${variant}`
    write(`tray/${name}.png`, trayIcon(16, state, variant))
    write(`tray/${name}@2x.png`, trayIcon(32, state, variant))
  }
}
console.log(`icons written to ${here}`)
