/**
 * The points of a map with many of them (a national buyer map: tens of thousands of ZIPs), drawn on
 * a canvas over the SVG states instead of as one `<circle>` each: one path per colour, redrawn for
 * each frame of a zoom from the view alone. As SVG elements, 30,000 circles take about a second to
 * appear and every frame of a zoom repaints them all (`/map-optimization-demo` measures both). The
 * canvas is hidden from assistive technology, like the SVG points beyond the focusable limit: the
 * screen's table is the keyboard and screen-reader path.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { POINT_OPACITY, type ViewBox } from './scales';
import type { MapPoint, PlacedPoint } from './map-point';

export type { PlacedPoint };

/** From how many points a map draws them on a canvas. */
export const CANVAS_POINTS = 1000;

/** The smallest point whose disc holds (x, y) in map units (small ones are drawn on top). */
export function pointAt(
  placed: readonly PlacedPoint[],
  x: number,
  y: number,
  scale: number,
): MapPoint | undefined {
  let best: PlacedPoint | undefined;
  let bestRadius = Number.POSITIVE_INFINITY;
  for (const p of placed) {
    const r = p.point.radius / scale;
    const dx = p.x - x;
    const dy = p.y - y;
    if (dx * dx + dy * dy <= r * r && r < bestRadius) {
      best = p;
      bestRadius = r;
    }
  }
  return best?.point;
}

export function CanvasPoints({
  placed,
  view,
  scale,
  selectedId,
}: {
  placed: readonly PlacedPoint[];
  view: ViewBox;
  scale: number;
  selectedId: string | null;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  // Largest first, then grouped by colour: one fill per colour, small points over large ones
  // within a colour.
  const batches = useMemo(() => {
    const byColour = new Map<string, PlacedPoint[]>();
    for (const p of placed) {
      const group = byColour.get(p.point.color);
      if (group) group.push(p);
      else byColour.set(p.point.color, [p]);
    }
    return [...byColour];
  }, [placed]);

  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx || size.width === 0) return;
    const dpr = Math.min(window.devicePixelRatio || 1, 2);
    const width = Math.round(size.width * dpr);
    const height = Math.round(size.height * dpr);
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, width, height);
    // Device pixels per map unit; the canvas keeps the SVG's aspect ratio.
    const k = width / view[2];
    ctx.setTransform(k, 0, 0, k, -view[0] * k, -view[1] * k);
    ctx.globalAlpha = POINT_OPACITY;
    for (const [colour, group] of batches) {
      ctx.fillStyle = colour;
      ctx.beginPath();
      for (const { point, x, y } of group) {
        const r = point.radius / scale;
        ctx.moveTo(x + r, y);
        ctx.arc(x, y, r, 0, Math.PI * 2);
      }
      ctx.fill();
    }
    ctx.globalAlpha = 1;
    const selected = selectedId ? placed.find((p) => p.point.id === selectedId) : undefined;
    if (selected) {
      ctx.strokeStyle = '#b45309';
      ctx.lineWidth = (3 * dpr) / k;
      ctx.beginPath();
      ctx.arc(selected.x, selected.y, selected.point.radius / scale, 0, Math.PI * 2);
      ctx.stroke();
    }
  }, [batches, placed, view, scale, selectedId, size]);

  return (
    <canvas
      ref={ref}
      aria-hidden="true"
      data-testid="map-points-canvas"
      className="pointer-events-none absolute inset-0 size-full rounded-xl"
    />
  );
}
