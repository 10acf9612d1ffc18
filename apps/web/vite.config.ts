import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  // The SSR build is the landing page's renderer (decision 013), which the server runs; the
  // browser build's manifest tells scripts/landing-template.mjs which chunks that page needs.
  build: isSsrBuild
    ? { target: 'node20', outDir: 'dist/ssr', copyPublicDir: false, sourcemap: false }
    : { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 400, manifest: true },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'http://localhost:3000', ws: true } },
  },
}));
