/**
 * `virtual:zip-centroids`: every US ZIP code's centroid from the ZIP data the project ships (the
 * `zipcodes` package the API loads into `zip_codes`), for `/map-optimization-demo` only. 41,000
 * codes as one flat array of whole numbers, [ZIP − previous ZIP, latitude × 100, longitude × 100]
 * per code in ZIP order (about 0.5 MB of JSON before compression; a hundredth of a degree is about
 * a kilometre, finer than a dot on a national map), parsed with `JSON.parse`, which is faster than
 * the same literal as script.
 */
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const ID = 'virtual:zip-centroids';
const RESOLVED = '\0zip-centroids';

interface PackageZip {
  zip: string;
  latitude: number;
  longitude: number;
  country: string;
}

export function packedZipCentroids(): number[] {
  const { codes } = createRequire(import.meta.url)('zipcodes/lib/codes.js') as {
    codes: Record<string, PackageZip>;
  };
  const us = Object.values(codes)
    .filter((c) => c.country === 'US' && /^\d{5}$/.test(c.zip) && Number.isFinite(c.latitude))
    .map((c) => ({
      zip: Number(c.zip),
      lat: Math.round(c.latitude * 100),
      lng: Math.round(c.longitude * 100),
    }))
    .sort((a, b) => a.zip - b.zip);
  const packed: number[] = [];
  let previous = 0;
  for (const c of us) {
    packed.push(c.zip - previous, c.lat, c.lng);
    previous = c.zip;
  }
  return packed;
}

export function zipCentroids(): Plugin {
  return {
    name: 'dealclub:zip-centroids',
    // Filters keep the bundler from calling into JavaScript for every other module.
    resolveId: { filter: { id: /^virtual:zip-centroids$/ }, handler: (id) => (id === ID ? RESOLVED : null) },
    load: {
      filter: { id: /^\0zip-centroids$/ },
      handler(id) {
        if (id !== RESOLVED) return null;
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(packedZipCentroids()))});`;
      },
    },
  };
}
