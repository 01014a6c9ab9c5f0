import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The polyfill only lets browsers without <link rel="modulepreload"> (Safari < 17, Firefox < 115)
    // fetch chunks early; they load them anyway, so it is not worth its place in the first load.
    modulePreload: { polyfill: false },
  },
});
