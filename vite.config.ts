// CommonJS syntax on purpose: the repository is CommonJS (no "type": "module"), and vite warns
// about ESM syntax in a config it loads as CommonJS. Node >= 20.19 can require() vite's ESM.
import path = require('node:path');
import vite = require('vite');
import reactPlugin = require('@vitejs/plugin-react');

/**
 * Islands build: one entry (`islands/core/main.ts`) that lazily imports every
 * `islands/<name>/index.tsx` as its own chunk. The server reads
 * `public/build/.vite/manifest.json` to emit the entry's tags (server/kernel/islands/manifest.ts).
 */
const config: vite.UserConfig = {
  root: __dirname,
  base: '/build/',
  // The repository root is the vite root: `public/` must not be copied into its own subfolder.
  publicDir: false,
  plugins: [reactPlugin.default()],
  resolve: {
    // frappe-gantt's package `exports` do not publish its stylesheet: point its path at the file.
    alias: [{ find: /^frappe-gantt\/dist\/frappe-gantt\.css$/, replacement: path.resolve(__dirname, 'node_modules/frappe-gantt/dist/frappe-gantt.css') }],
  },
  logLevel: 'warn',
  build: {
    outDir: path.resolve(__dirname, 'public/build'),
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      input: { main: path.resolve(__dirname, 'islands/core/main.ts') },
      // dayjs' plugins register nothing on import: react-big-calendar's dayjs localizer, unused
      // here, no longer drags them into the calendar's chunk.
      treeshake: { moduleSideEffects: (id: string) => (/[\\/]node_modules[\\/]dayjs[\\/]plugin[\\/]/.test(id) ? false : undefined) },
      // React in one chunk, under the name it had (tests/e2e/kernel/lazy-client.spec.ts looks for
      // it): a chunk that needs only `react` (the calendar's drag and drop) would otherwise split
      // it from react-dom, one more file for every React island.
      output: { codeSplitting: { groups: [{ name: 'jsx-runtime', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] } },
    },
  },
};

export = config;
