/**
 * chart.js with only the parts the daily chart draws (a line chart over days with a legend and
 * tooltips), registered once. Imported dynamically by the daily chart, so chart.js is a chunk of
 * its own that only the analytics screen loads (issue 18's first-load budget).
 */
import {
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

Chart.register(LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

export { Chart };
