/**
 * The canvas renderer of `/map-optimization-demo`: every ZIP's dot, drawn in one path per colour
 * (six fills for 41,000 dots instead of 41,000), the states' borders as one cached `Path2D`, the
 * points projected once (the maps' Albers USA, into their 975 × 610 frame) and only moved by the
 * view's transform while panning and zooming, dots outside the view skipped, dots smaller than a pixel and a half
 * drawn as squares (a rectangle is far cheaper to fill than a circle and looks the same that small).
 */
import { MAP_HEIGHT, MAP_WIDTH } from '@/components/maps/scales';
import { BUCKET_COLOURS, MAP_BACKGROUND, type DemoData } from './demo-data';

/** The maps' frame (src/components/maps/scales.ts), which their Albers USA fills. */
export const FRAME = { width: MAP_WIDTH, height: MAP_HEIGHT } as const;

export interface View {
  /** Zoom (1: the whole country fits). */
  k: number;
  /** Offset in CSS pixels. */
  x: number;
  y: number;
}

export interface Projected {
  /** Frame coordinates of each ZIP (NaN when Albers USA has no place for it). */
  x: Float32Array;
  y: Float32Array;
  /** Radius in frame units at zoom 1. */
  r: Float32Array;
  /** ZIPs with a place on the map (Albers USA has none for the territories). */
  placed: number;
  /** Their buyers. */
  placedBuyers: number;
}

export function projectAll(
  data: DemoData,
  project: (lngLat: [number, number]) => [number, number] | null,
): Projected {
  const x = new Float32Array(data.size);
  const y = new Float32Array(data.size);
  const r = new Float32Array(data.size);
  let placed = 0;
  let placedBuyers = 0;
  for (let i = 0; i < data.size; i++) {
    const p = project([data.lng[i]!, data.lat[i]!]);
    if (p) {
      placed++;
      placedBuyers += data.buyers[i]!;
    }
    x[i] = p ? p[0] : Number.NaN;
    y[i] = p ? p[1] : Number.NaN;
    r[i] = 0.45 + Math.sqrt(data.buyers[i]!) * 0.3;
  }
  return { x, y, r, placed, placedBuyers };
}

/** Dots drawn by the last frame (those in view). */
export interface FrameStats {
  drawn: number;
  ms: number;
}

export function drawFrame(
  ctx: CanvasRenderingContext2D,
  size: { width: number; height: number; dpr: number },
  view: View,
  data: DemoData,
  points: Projected,
  borders: Path2D,
): FrameStats {
  const started = performance.now();
  const { width, height, dpr } = size;
  // CSS pixels per frame unit.
  const unit = (width / FRAME.width) * view.k;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = MAP_BACKGROUND;
  ctx.fillRect(0, 0, width * dpr, height * dpr);
  ctx.setTransform(dpr * unit, 0, 0, dpr * unit, dpr * view.x, dpr * view.y);

  // The view in frame units, with a margin for the dots' radius.
  const left = -view.x / unit - 4;
  const top = -view.y / unit - 4;
  const right = (width - view.x) / unit + 4;
  const bottom = (height - view.y) / unit + 4;
  // Dots grow more slowly than the map when zooming in, so that a city's ZIPs come apart.
  const grow = 1 / Math.sqrt(view.k);
  const pixel = 1 / (unit * dpr);

  let drawn = 0;
  for (let bucket = 0; bucket < BUCKET_COLOURS.length; bucket++) {
    ctx.fillStyle = BUCKET_COLOURS[bucket]!;
    ctx.beginPath();
    for (let i = 0; i < data.size; i++) {
      if (data.bucket[i] !== bucket) continue;
      const x = points.x[i]!;
      const y = points.y[i]!;
      if (!(x >= left && x <= right && y >= top && y <= bottom)) continue;
      const r = points.r[i]! * grow;
      if (r < pixel * 1.5) {
        ctx.rect(x - r, y - r, r * 2, r * 2);
      } else {
        ctx.moveTo(x + r, y);
        ctx.arc(x, y, r, 0, Math.PI * 2);
      }
      drawn++;
    }
    ctx.fill();
  }

  ctx.strokeStyle = '#334155';
  ctx.lineWidth = 0.6 / unit;
  ctx.stroke(borders);
  return { drawn, ms: performance.now() - started };
}

/** Zooms by `factor` around the point (px, py) of the canvas (CSS pixels), within [1, 40]. */
export function zoomAt(view: View, factor: number, px: number, py: number): View {
  const k = Math.min(40, Math.max(1, view.k * factor));
  const f = k / view.k;
  if (k === 1) return { k: 1, x: 0, y: 0 };
  return { k, x: px - (px - view.x) * f, y: py - (py - view.y) * f };
}
