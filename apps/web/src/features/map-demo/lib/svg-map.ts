/**
 * The SVG side of `/map-optimization-demo`, for comparison: the same dots as elements (one
 * `<circle>` each), built with the DOM API in one fragment, so the difference measured is the cost
 * of 41,000 elements to style, lay out and paint, not of React.
 */
import { BUCKET_COLOURS, type DemoData } from './demo-data';
import { FRAME, type Projected } from './canvas-map';

const SVG_NS = 'http://www.w3.org/2000/svg';

export function buildSvg(svg: SVGSVGElement, data: DemoData, points: Projected, bordersPath: string): number {
  svg.replaceChildren();
  svg.setAttribute('viewBox', `0 0 ${FRAME.width} ${FRAME.height}`);
  const fragment = document.createDocumentFragment();
  const groups = BUCKET_COLOURS.map((colour) => {
    const g = document.createElementNS(SVG_NS, 'g');
    g.setAttribute('fill', colour);
    fragment.appendChild(g);
    return g;
  });
  let drawn = 0;
  for (let i = 0; i < data.size; i++) {
    const x = points.x[i]!;
    if (Number.isNaN(x)) continue;
    const circle = document.createElementNS(SVG_NS, 'circle');
    circle.setAttribute('cx', x.toFixed(1));
    circle.setAttribute('cy', points.y[i]!.toFixed(1));
    circle.setAttribute('r', points.r[i]!.toFixed(2));
    groups[data.bucket[i]!]!.appendChild(circle);
    drawn++;
  }
  const borders = document.createElementNS(SVG_NS, 'path');
  borders.setAttribute('d', bordersPath);
  borders.setAttribute('fill', 'none');
  borders.setAttribute('stroke', '#334155');
  borders.setAttribute('stroke-width', '0.6');
  fragment.appendChild(borders);
  svg.appendChild(fragment);
  return drawn;
}
