import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development Vite serves the app and forwards API calls to the Fastify server (npm run dev).
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/audio': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
    },
  },
  build: { outDir: 'dist', sourcemap: true },
});
