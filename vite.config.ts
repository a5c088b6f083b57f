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
    },
  },
};

export = config;
