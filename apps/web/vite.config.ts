import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // The panel is written against React's API and type-checked against @types/react, but runs on
  // Preact 11's compat layer, as do TanStack Query and tRPC's React bindings: react-dom alone was
  // over half of the first load (test/first-load.test.ts). Where Preact differs from React: it does
  // not focus an `autoFocus` element added after the page loaded (focus it from a ref), and it
  // leaves out an attribute set to `false` that has no DOM property of that name (`spellCheck`).
  resolve: {
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The polyfill only lets browsers without <link rel="modulepreload"> (Safari < 17, Firefox < 115)
    // fetch chunks early; they load them anyway, so it is not worth its place in the first load.
    modulePreload: { polyfill: false },
    // Everything the entry imports statically in one chunk: left to itself, Rolldown splits the
    // first load into several chunks (each costing its own gzip overhead) whenever a lazily loaded
    // part imported by another lazy part shares a module with it (test/first-load.test.ts).
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'first-load', tags: ['$initial'] }] } },
    },
  },
});
