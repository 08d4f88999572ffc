/**
 * A map of the United States (Albers USA, us-atlas states) with points at places, drawn as
 * SVG that scales to its container (viewBox). Used by the buyer map (`/buyers`), the public ZIP
 * analytics and the owners club; made to be reused for any "things at ZIP centroids" view.
 *
 * This module fetches the states' paths (projected by the build) when it mounts: import it only
 * from a screen's own chunk, preferably with `React.lazy` (see `lazy-us-map.tsx`), never from the
 * shell or the `/deals` list first load.
 */
import { memo, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { CANVAS_POINTS, CanvasPoints, pointAt } from './canvas-points';
import { loadUsShapes, project, type UsShapes } from './geo';
import type { MapPoint, PlacedPoint as Placed } from './map-point';
import { usePlacedPoints } from './use-placed-points';
import {
  LAND_COLOR,
  POINT_OPACITY,
  easeCubic,
  FULL_VIEW,
  interpolateViewBox,
  MAP_HEIGHT,
  MAP_WIDTH,
  zoomedViewBox,
  type ViewBox,
} from './scales';

export interface UsMapProps {
  /** The points. Those the projection cannot place (outside the US and its insets) are skipped. */
  points: readonly MapPoint[];
  /** The map's accessible name. */
  label: string;
  /** The id of the point to zoom to; null or absent shows the whole country (animated both ways). */
  focusedId?: string | null;
  /**
   * Without a focused point: a place to zoom to (`zoom` times closer), such as a cluster that
   * splits into smaller ones at that zoom level; null or absent shows the whole country.
   */
  center?: { lat: number; lng: number } | null;
  /** How many times closer a focused point is shown (default 6). */
  zoom?: number;
  /** The id of the point drawn with a ring (default: the focused one). */
  selectedId?: string | null;
  /** A point was clicked, or pressed with Enter or Space when points are focusable. */
  onPointClick?: (point: MapPoint) => void;
  /**
   * Up to this many points (default 300), each is a keyboard stop (role button, its label as
   * name). Beyond, points are for the pointer only and the screen must give keyboard and
   * screen-reader users the same data another way (a table).
   */
  maxFocusablePoints?: number;
  /** With `onReset`: a button on the map, shown while zoomed, that asks to show the whole country. */
  resetLabel?: string;
  onReset?: () => void;
  /** Shown in place of the map when the atlas cannot be downloaded. */
  loadFailedMessage?: string;
  className?: string;
}

const TRANSITION_MS = 450;

function prefersReducedMotion() {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/** The states, drawn once per atlas. */
const StatesLayer = memo(function StatesLayer({ shapes }: { shapes: UsShapes }) {
  return (
    <g aria-hidden="true">
      <path
        d={shapes.nation}
        fill={LAND_COLOR}
        stroke="#94a3b8"
        strokeWidth={1}
        vectorEffect="non-scaling-stroke"
      />
      <path
        d={shapes.borders}
        fill="none"
        stroke="#cbd5e1"
        strokeWidth={0.75}
        strokeLinejoin="round"
        vectorEffect="non-scaling-stroke"
      />
    </g>
  );
});

/**
 * The points, largest first so that small ones stay on top and clickable. Redrawn only when the
 * points, the zoom level or the selection change, never during a transition's frames.
 */
const PointsLayer = memo(function PointsLayer({
  placed,
  scale,
  focusable,
  selectedId,
}: {
  placed: Placed[];
  scale: number;
  focusable: boolean;
  selectedId: string | null;
}) {
  return (
    <g aria-hidden={focusable ? undefined : 'true'}>
      {placed.map(({ point, x, y }) => {
        const selected = point.id === selectedId;
        return (
          <circle
            key={point.id}
            data-point-id={point.id}
            cx={x}
            cy={y}
            r={point.radius / scale}
            fill={point.color}
            fillOpacity={POINT_OPACITY}
            stroke={selected ? '#b45309' : '#ffffff'}
            strokeWidth={selected ? 3 : 0.75}
            vectorEffect="non-scaling-stroke"
            className="cursor-pointer outline-none focus-visible:stroke-amber-600 focus-visible:[stroke-width:4]"
            {...(focusable && {
              role: 'button',
              tabIndex: 0,
              'aria-label': point.label,
              'aria-pressed': selected,
            })}
          />
        );
      })}
      {placed.map(({ point, x, y }) =>
        point.text ? (
          <text
            key={`${point.id}-text`}
            aria-hidden="true"
            x={x}
            y={y}
            dy="0.35em"
            textAnchor="middle"
            fontSize={11 / scale}
            fontWeight={700}
            fill="#ffffff"
            pointerEvents="none"
          >
            {point.text}
          </text>
        ) : null,
      )}
    </g>
  );
});

export function UsMap({
  points,
  label,
  focusedId = null,
  center = null,
  zoom = 6,
  selectedId,
  onPointClick,
  maxFocusablePoints = 300,
  resetLabel,
  onReset,
  loadFailedMessage,
  className,
}: UsMapProps) {
  const [shapes, setShapes] = useState<UsShapes | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadUsShapes().then(
      (s) => live && setShapes(s),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  // Projected and ordered in a worker when there are many (use-placed-points.ts).
  const placed = usePlacedPoints(points);
  const byId = useMemo(() => new Map(placed.map((p) => [p.point.id, p])), [placed]);

  const focusedPoint = focusedId ? byId.get(focusedId) : undefined;
  const centerXY = !focusedPoint && center ? project(center.lat, center.lng) : null;
  const focused = focusedPoint ?? (centerXY ? { x: centerXY[0], y: centerXY[1] } : undefined);
  const scale = focused ? Math.max(1, zoom) : 1;
  const target: ViewBox = focused ? zoomedViewBox(focused.x, focused.y, scale) : FULL_VIEW;
  const targetKey = target.join(',');

  // The viewBox moves towards the target over a few frames (at once with reduced motion).
  const [view, setView] = useState<ViewBox>(target);
  const current = useRef<ViewBox>(target);
  useEffect(() => {
    const to = targetKey.split(',').map(Number) as unknown as ViewBox;
    const from = current.current;
    const duration = prefersReducedMotion() ? 0 : TRANSITION_MS;
    let frame = 0;
    const start = performance.now();
    const step = (now: number) => {
      const t = duration === 0 ? 1 : Math.min(1, (now - start) / duration);
      const next = interpolateViewBox(from, to, easeCubic(t));
      current.current = next;
      setView(next);
      if (t < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [targetKey]);

  const [hovered, setHovered] = useState<string | null>(null);
  const focusable = Boolean(onPointClick) && placed.length <= maxFocusablePoints;
  // Many points are drawn on a canvas (canvas-points.tsx) and found by where the pointer is.
  const onCanvas = placed.length >= CANVAS_POINTS && !focusable;

  function pointOf(target: EventTarget) {
    const id = (target as Element).getAttribute?.('data-point-id');
    return id ? byId.get(id)?.point : undefined;
  }
  function pointUnder(event: { clientX: number; clientY: number; currentTarget: Element }) {
    const rect = event.currentTarget.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return undefined;
    const x = view[0] + ((event.clientX - rect.left) / rect.width) * view[2];
    const y = view[1] + ((event.clientY - rect.top) / rect.height) * view[3];
    return pointAt(placed, x, y, scale);
  }
  function onClick(event: MouseEvent<SVGSVGElement>) {
    const point = onCanvas ? pointUnder(event) : pointOf(event.target);
    if (point) onPointClick?.(point);
  }
  function onKeyDown(event: KeyboardEvent<SVGSVGElement>) {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    const point = pointOf(event.target);
    if (!point) return;
    event.preventDefault();
    onPointClick?.(point);
  }

  if (failed) {
    return (
      <div
        className={`grid place-items-center rounded-xl border border-slate-200 bg-slate-50 p-8 ${className ?? ''}`}
      >
        <p role="alert" className="text-slate-700">
          {loadFailedMessage ?? label}
        </p>
      </div>
    );
  }

  const hoveredPoint = hovered ? byId.get(hovered)?.point : undefined;
  return (
    <div className={`relative ${className ?? ''}`}>
      <svg
        viewBox={view.join(' ')}
        width="100%"
        role={focusable ? 'group' : 'img'}
        aria-label={label}
        className="block h-auto w-full rounded-xl border border-slate-200 bg-white"
        style={{
          aspectRatio: `${MAP_WIDTH} / ${MAP_HEIGHT}`,
          cursor: onCanvas && hovered ? 'pointer' : undefined,
        }}
        onClick={onClick}
        onKeyDown={onKeyDown}
        onPointerOver={onCanvas ? undefined : (e) => setHovered(pointOf(e.target)?.id ?? null)}
        onPointerMove={onCanvas ? (e) => setHovered(pointUnder(e)?.id ?? null) : undefined}
        onPointerLeave={() => setHovered(null)}
        data-testid="us-map"
        data-zoomed={focused ? 'true' : 'false'}
      >
        {shapes && <StatesLayer shapes={shapes} />}
        {!onCanvas && (
          <PointsLayer
            placed={placed}
            scale={scale}
            focusable={focusable}
            selectedId={selectedId ?? focusedId}
          />
        )}
      </svg>
      {onCanvas && (
        <CanvasPoints placed={placed} view={view} scale={scale} selectedId={selectedId ?? focusedId} />
      )}
      {hoveredPoint && (
        <p
          aria-hidden="true"
          className="pointer-events-none absolute bottom-2 left-2 rounded-md bg-slate-900/90 px-2 py-1 text-xs font-medium text-white"
        >
          {hoveredPoint.label}
        </p>
      )}
      {focused && onReset && resetLabel && (
        <button
          type="button"
          onClick={onReset}
          className="absolute top-2 right-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium shadow-sm hover:bg-slate-100"
        >
          {resetLabel}
        </button>
      )}
    </div>
  );
}

export { loadUsShapes };
export { placer as startPointPlacer } from './use-placed-points';
export default UsMap;
