/**
 * A virtual module `virtual:<name>` whose data the build writes as a JSON file of its own (hashed,
 * compressed like every asset) and whose one export, `loader`, fetches it: data, not script, so
 * that no script parser reads it and a screen's script stays within its budget (issue 32). Served
 * by Vite's dev server or in the unit tests, where no file is emitted, it holds the data inline.
 * The maps' outlines (build/us-shapes.ts) and the map demo's ZIP centroids (build/zip-centroids.ts).
 */
import type { Plugin } from 'vite';

export function jsonDataModule(name: string, loader: string, data: () => unknown): Plugin {
  const id = `virtual:${name}`;
  const resolved = `\0${name}`;
  let serving = false;
  let json: string | undefined;
  return {
    name: `dealclub:${name}`,
    configResolved(config) {
      serving = config.command === 'serve';
    },
    // Filters keep the bundler from calling into JavaScript for every other module.
    resolveId: {
      filter: { id: new RegExp(`^${id}$`) },
      handler: (source) => (source === id ? resolved : null),
    },
    load: {
      filter: { id: new RegExp(`^\\0${name}$`) },
      handler(source) {
        if (source !== resolved) return null;
        json ??= JSON.stringify(data());
        if (serving)
          return `export const ${loader} = () => Promise.resolve(JSON.parse(${JSON.stringify(json)}));`;
        const file = this.emitFile({ type: 'asset', name: `${name}.json`, source: json });
        return [
          `const url = import.meta.ROLLUP_FILE_URL_${file};`,
          `export async function ${loader}() {`,
          '  const response = await fetch(url);',
          `  if (!response.ok) throw new Error(\`${name}: HTTP \${response.status}\`);`,
          '  return response.json();',
          '}',
        ].join('\n');
      },
    },
  };
}
