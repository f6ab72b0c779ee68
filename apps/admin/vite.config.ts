import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The dashboard is served by apps/server on the same origin as /trpc (the session cookie's routes
 * refuse other origins), so `vite dev` forwards the API paths to a local server.
 */
const serverUrl = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: { '/trpc': serverUrl, '/api': serverUrl, '/f': serverUrl },
  },
});
