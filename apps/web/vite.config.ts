import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild === true
    ? {
        // The panel drawn on the server (src/entry-server.tsx), loaded by apps/server: one file
        // holding React and every other package it uses, since the server does not depend on them.
        // dist/ssr is never served (apps/server/src/http/panel.ts).
        plugins: [react()],
        ssr: { noExternal: true },
        // React's production build, whatever NODE_ENV the server runs with.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          copyPublicDir: false,
          outDir: 'dist/ssr',
          emptyOutDir: true,
          rolldownOptions: { output: { entryFileNames: 'entry-server.mjs', codeSplitting: false } },
        },
      }
    : {
        plugins: [react()],
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
      },
);
