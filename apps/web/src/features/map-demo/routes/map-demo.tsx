import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type WheelEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { loadZipCentroids } from 'virtual:zip-centroids';
import { formatMoney, numberFormat } from '@dealclub/shared/format';
import { PageFallback } from '@/components/layout/page-fallback';
import { loadUsShapes, project, type UsShapes } from '@/components/maps/geo';
import { LoadFailed } from '@/components/ui/load-failed';
import { usePageTitle } from '@/hooks/use-page-title';
import { preloadLocaleSection, useLocaleSection } from '@/lib/i18n';
import { drawFrame, FRAME, projectAll, zoomAt, type View } from '../lib/canvas-map';
import { BUCKET_COLOURS, buyersByRegion, demoData, PAYMENT_BUCKETS } from '../lib/demo-data';
import { buildSvg } from '../lib/svg-map';
import { loadOnce } from '@/lib/load-once';

/** How long the pan test moves the map (ms). */
const PAN_TEST_MS = 3000;
const HOME: View = { k: 1, x: 0, y: 0 };

// The screen's texts start to download as soon as its code runs, so that they arrive while the
// first render computes the map.
preloadLocaleSection('mapDemo');

/**
 * The data, the projection and the borders: computed once per visit, as soon as the ZIP centroids
 * and the states' outlines arrive. Both are JSON files of their own (build/zip-centroids.ts,
 * build/us-shapes.ts), projected with the maps' Albers USA (975 × 610) like the app's other maps.
 */
function computeDemo(packedCentroids: number[], shapes: UsShapes) {
  performance.mark('map-demo:compute-start');
  const data = demoData(packedCentroids);
  // The nation's outline and the borders between states, drawn as one path.
  const bordersPath = shapes.nation + shapes.borders;
  const points = projectAll(data, ([lng, lat]) => project(lat, lng));
  performance.mark('map-demo:data-ready');
  return { data, points, bordersPath, borders: new Path2D(bordersPath), regions: buyersByRegion(data) };
}

type Demo = ReturnType<typeof computeDemo>;
/** Downloads and computes the demo once per visit; a failed download is tried again next time. */
const demoOfVisit: () => Promise<Demo> = loadOnce(() =>
  Promise.all([loadZipCentroids(), loadUsShapes()]).then(([packed, shapes]) => computeDemo(packed, shapes)),
);
// The data start to download as soon as the screen's code runs, beside its texts.
void demoOfVisit().catch(() => undefined);

/**
 * `/map-optimization-demo` (DECISIONS.md): the buyer map on a generated national data set, every US
 * ZIP code with made-up buyers, drawn on a canvas with its time to first full render and the frames
 * per second while panning, and the same drawn as SVG elements beside it for comparison.
 */
export default function MapDemoPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.mapDemo'));
  const textsReady = useLocaleSection('mapDemo');
  const demo = useQuery({
    queryKey: ['map-demo'],
    queryFn: demoOfVisit,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  // After Try again, the map's heading takes the focus (the button it was on goes away).
  const [retried, setRetried] = useState(false);
  if (!textsReady) return <PageFallback />;
  if (demo.isError) {
    return (
      <section className="mx-auto grid w-full max-w-7xl gap-4 px-4 py-8">
        <h1 className="text-3xl font-bold">{t('mapDemo.title')}</h1>
        <LoadFailed
          message={t('mapDemo.loadFailed')}
          onRetry={() => {
            setRetried(true);
            void demo.refetch();
          }}
        />
      </section>
    );
  }
  if (!demo.data) return <PageFallback />;
  return <MapDemo demo={demo.data} focusHeading={retried} />;
}

interface Metrics {
  /** From the start of the page's navigation to the end of the first frame with every ZIP. */
  firstRenderMs: number | null;
  lastFrameMs: number | null;
  drawn: number;
  panFps: number | null;
}

function MapDemo({ demo, focusHeading }: { demo: Demo; focusHeading: boolean }) {
  const { t, i18n } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const view = useRef<View>(HOME);
  const size = useRef<{ width: number; height: number; dpr: number }>({
    width: FRAME.width,
    height: FRAME.height,
    dpr: 1,
  });
  const frame = useRef<number | null>(null);
  const drag = useRef<{ x: number; y: number; started: number; frames: number } | null>(null);
  const [metrics, setMetrics] = useState<Metrics>({
    firstRenderMs: null,
    lastFrameMs: null,
    drawn: 0,
    panFps: null,
  });
  const [panTesting, setPanTesting] = useState(false);
  const number = (value: number) => numberFormat(i18n.language, {}).format(Math.round(value));

  const draw = () => {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return null;
    return drawFrame(ctx, size.current, view.current, demo.data, demo.points, demo.borders);
  };

  /** Draws at the next frame (one draw per frame however many moves arrive). */
  const schedule = () => {
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      const stats = draw();
      if (drag.current) drag.current.frames++;
      if (stats) setMetrics((m) => ({ ...m, lastFrameMs: stats.ms, drawn: stats.drawn }));
    });
  };

  // Sizes the canvas to its box (and the screen's pixel density), then draws.
  useEffect(() => {
    const canvas = canvasRef.current;
    const box = boxRef.current;
    if (!canvas || !box) return;
    let first = true;
    const resize = () => {
      const width = box.clientWidth;
      const height = Math.round((width * FRAME.height) / FRAME.width);
      const dpr = Math.min(window.devicePixelRatio || 1, 2);
      size.current = { width, height, dpr };
      canvas.width = Math.round(width * dpr);
      canvas.height = Math.round(height * dpr);
      canvas.style.height = `${height}px`;
      const stats = draw();
      if (!stats) return;
      if (first) {
        first = false;
        performance.mark('map-demo:first-full-render');
        const firstRenderMs = performance.now();
        setMetrics((m) => ({ ...m, firstRenderMs, lastFrameMs: stats.ms, drawn: stats.drawn }));
      } else {
        setMetrics((m) => ({ ...m, lastFrameMs: stats.ms, drawn: stats.drawn }));
      }
    };
    resize();
    const observer = new ResizeObserver(() => resize());
    observer.observe(box);
    return () => {
      observer.disconnect();
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    };
    // The demo's data never changes within a visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, started: performance.now(), frames: 0 };
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    if (!d) return;
    view.current = {
      ...view.current,
      x: view.current.x + event.clientX - d.x,
      y: view.current.y + event.clientY - d.y,
    };
    d.x = event.clientX;
    d.y = event.clientY;
    schedule();
  };
  const onPointerUp = () => {
    const d = drag.current;
    drag.current = null;
    const seconds = d ? (performance.now() - d.started) / 1000 : 0;
    if (d && d.frames > 1 && seconds > 0) setMetrics((m) => ({ ...m, panFps: d.frames / seconds }));
  };
  const zoomBy = (factor: number, px = size.current.width / 2, py = size.current.height / 2) => {
    view.current = zoomAt(view.current, factor, px, py);
    schedule();
  };
  const onWheel = (event: WheelEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    zoomBy(event.deltaY < 0 ? 1.25 : 0.8, event.clientX - rect.left, event.clientY - rect.top);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const step = 60;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const move = moves[event.key];
    if (move) {
      view.current = { ...view.current, x: view.current.x + move[0], y: view.current.y + move[1] };
      schedule();
    } else if (event.key === '+' || event.key === '=') zoomBy(1.5);
    else if (event.key === '-') zoomBy(1 / 1.5);
    else return;
    event.preventDefault();
  };

  /** Pans the map in a circle for PAN_TEST_MS, drawing every frame, and reports the frame rate. */
  const runPanTest = () => {
    setPanTesting(true);
    const start = { ...view.current, k: Math.max(view.current.k, 2) };
    const began = performance.now();
    let frames = 0;
    const step = (now: number) => {
      const elapsed = now - began;
      const angle = (elapsed / PAN_TEST_MS) * Math.PI * 2;
      view.current = {
        ...start,
        x: start.x + Math.sin(angle) * 150,
        y: start.y + (1 - Math.cos(angle)) * 80,
      };
      draw();
      frames++;
      if (elapsed < PAN_TEST_MS) {
        requestAnimationFrame(step);
        return;
      }
      view.current = start;
      const stats = draw();
      setPanTesting(false);
      setMetrics((m) => ({
        ...m,
        panFps: frames / (elapsed / 1000),
        lastFrameMs: stats?.ms ?? m.lastFrameMs,
        drawn: stats?.drawn ?? m.drawn,
      }));
    };
    requestAnimationFrame(step);
  };

  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8">
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold outline-none">
        {t('mapDemo.title')}
      </h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        {t('mapDemo.lead', { zips: number(demo.points.placed), buyers: number(demo.points.placedBuyers) })}
      </p>

      <dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4" aria-live="polite">
        <Metric
          testId="first-render-ms"
          label={t('mapDemo.firstRender')}
          value={metrics.firstRenderMs}
          unit="ms"
        />
        <Metric
          testId="last-frame-ms"
          label={t('mapDemo.lastFrame')}
          value={metrics.lastFrameMs}
          unit="ms"
          digits={1}
        />
        <Metric testId="pan-fps" label={t('mapDemo.panFps')} value={metrics.panFps} unit="fps" digits={0} />
        <Metric testId="dots-drawn" label={t('mapDemo.dotsDrawn')} value={metrics.drawn} unit="" />
      </dl>

      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <figure className="min-w-0">
          <figcaption className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <span className="font-semibold">{t('mapDemo.canvasTitle')}</span>
            <span className="flex flex-wrap gap-2">
              <button
                type="button"
                className={BUTTON}
                onClick={() => zoomBy(1.5)}
                aria-label={t('mapDemo.zoomIn')}
              >
                +
              </button>
              <button
                type="button"
                className={BUTTON}
                onClick={() => zoomBy(1 / 1.5)}
                aria-label={t('mapDemo.zoomOut')}
              >
                −
              </button>
              <button
                type="button"
                className={BUTTON}
                onClick={() => {
                  view.current = HOME;
                  schedule();
                }}
              >
                {t('mapDemo.reset')}
              </button>
              <button type="button" className={BUTTON} onClick={runPanTest} disabled={panTesting}>
                {panTesting ? t('mapDemo.panTesting') : t('mapDemo.panTest')}
              </button>
            </span>
          </figcaption>
          <div ref={boxRef} className="w-full overflow-hidden rounded-lg border border-slate-300">
            <canvas
              ref={canvasRef}
              role="img"
              tabIndex={0}
              aria-label={t('mapDemo.canvasLabel', {
                zips: number(demo.points.placed),
                buyers: number(demo.points.placedBuyers),
              })}
              className="block w-full touch-none cursor-grab focus:outline-2 focus:outline-brand-700"
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerUp}
              onWheel={onWheel}
              onKeyDown={onKeyDown}
            />
          </div>
          <p className="mt-2 text-sm text-slate-700">{t('mapDemo.controls')}</p>
        </figure>
        <SvgComparison demo={demo} />
      </div>

      <Legend />

      <table className="mt-8 w-full max-w-xl text-left text-sm">
        <caption className="mb-2 text-left font-semibold">{t('mapDemo.regionsCaption')}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-1 pr-4">
              {t('mapDemo.region')}
            </th>
            <th scope="col" className="py-1 pr-4 text-right">
              {t('mapDemo.zipCodes')}
            </th>
            <th scope="col" className="py-1 text-right">
              {t('mapDemo.buyers')}
            </th>
          </tr>
        </thead>
        <tbody>
          {demo.regions.map((row) => (
            <tr key={row.region} className="border-b border-slate-200">
              <th scope="row" className="py-1 pr-4 font-normal">
                {row.region}
              </th>
              <td className="py-1 pr-4 text-right">{number(row.zips)}</td>
              <td className="py-1 text-right">{number(row.buyers)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Legend() {
  const { t, i18n } = useTranslation();
  const bounds = [0, ...PAYMENT_BUCKETS];
  return (
    <div className="mt-6">
      <h2 className="font-semibold">{t('mapDemo.legendTitle')}</h2>
      <ul className="mt-2 flex flex-wrap gap-4 text-sm">
        {BUCKET_COLOURS.map((colour, i) => (
          <li key={colour} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="inline-block size-3 rounded-full"
              style={{ background: colour }}
            />
            {i < PAYMENT_BUCKETS.length
              ? t('mapDemo.bucket', {
                  from: formatMoney(bounds[i]!, i18n.language),
                  to: formatMoney(PAYMENT_BUCKETS[i]! - 1, i18n.language),
                })
              : t('mapDemo.bucketOver', { from: formatMoney(PAYMENT_BUCKETS.at(-1)!, i18n.language) })}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-slate-700">{t('mapDemo.sizeLegend')}</p>
    </div>
  );
}

const BUTTON =
  'rounded-md border border-slate-300 bg-white px-3 py-1 text-sm font-medium text-slate-900 hover:bg-slate-100 disabled:opacity-60';

function Metric({
  testId,
  label,
  value,
  unit,
  digits = 0,
}: {
  testId: string;
  label: string;
  value: number | null;
  unit: string;
  digits?: number;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div className="rounded-lg border border-slate-200 p-3">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-2xl font-semibold" data-testid={testId} data-value={value ?? ''}>
        {value === null
          ? t('mapDemo.pending')
          : `${numberFormat(i18n.language, { maximumFractionDigits: digits }).format(value)}${unit ? ` ${unit}` : ''}`}
      </dd>
    </div>
  );
}

/** The same dots as SVG elements, drawn when asked (41,000 elements hold the page up for a while). */
function SvgComparison({ demo }: { demo: Demo }) {
  const { t, i18n } = useTranslation();
  const svgRef = useRef<SVGSVGElement>(null);
  const [state, setState] = useState<'idle' | 'drawing' | { ms: number; drawn: number }>('idle');

  const drawSvg = () => {
    setState('drawing');
    // Starts after the button's new label has painted; ends when the elements have been painted.
    requestAnimationFrame(() =>
      setTimeout(() => {
        const svg = svgRef.current;
        if (!svg) return;
        const started = performance.now();
        const drawn = buildSvg(svg, demo.data, demo.points, demo.bordersPath);
        requestAnimationFrame(() => setTimeout(() => setState({ ms: performance.now() - started, drawn })));
      }),
    );
  };

  return (
    <figure className="min-w-0">
      <figcaption className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">{t('mapDemo.svgTitle')}</span>
        <button type="button" className={BUTTON} onClick={drawSvg} disabled={state === 'drawing'}>
          {state === 'drawing' ? t('mapDemo.svgDrawing') : t('mapDemo.svgDraw')}
        </button>
      </figcaption>
      <div className="w-full overflow-hidden rounded-lg border border-slate-300 bg-slate-50">
        <svg
          ref={svgRef}
          role="img"
          aria-label={t('mapDemo.svgLabel')}
          viewBox={`0 0 ${FRAME.width} ${FRAME.height}`}
          className="block h-auto w-full"
        />
      </div>
      <p
        className="mt-2 text-sm text-slate-700"
        data-testid="svg-render-ms"
        data-value={typeof state === 'object' ? state.ms : ''}
      >
        {typeof state === 'object'
          ? t('mapDemo.svgResult', {
              ms: numberFormat(i18n.language, { maximumFractionDigits: 0 }).format(state.ms),
              dots: numberFormat(i18n.language, {}).format(state.drawn),
            })
          : t('mapDemo.svgHint')}
      </p>
    </figure>
  );
}
