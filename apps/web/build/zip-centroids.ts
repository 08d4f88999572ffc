/**
 * `virtual:zip-centroids`: every US ZIP code's centroid from the ZIP data the project ships (the
 * `zipcodes` package the API loads into `zip_codes`), for `/map-optimization-demo` only. 41,000
 * codes as one flat array of whole numbers, [ZIP − previous ZIP, latitude × 100, longitude × 100]
 * per code in ZIP order (about 0.5 MB of JSON before compression, 116 KB after; a hundredth of a
 * degree is about a kilometre, finer than a dot on a national map).
 *
 * The build writes them as a JSON file of their own (hashed, compressed like every asset), which the
 * demo fetches as its code runs: data, not script (issue 32), so that no script parser reads it and
 * the screen's script stays within its budget. The module is `loadZipCentroids()`, which fetches the
 * file (build/json-data-module.ts, as for the maps' outlines).
 */
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { jsonDataModule } from './json-data-module';

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
  return jsonDataModule('zip-centroids', 'loadZipCentroids', packedZipCentroids);
}
