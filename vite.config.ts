import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The client is built into dist/ and served by the Fastify process (server/plugins/client.ts).
// During `npm run dev:client` the API calls are proxied to a server started with `npm run dev:server`.
export default defineConfig({
  plugins: [react()],
  // Two pages: the app, and the procedure recorder served at /precord (src/precord, spec §2).
  build: { outDir: "dist", chunkSizeWarningLimit: 4096, rollupOptions: { input: { index: "index.html", precord: "precord.html" } } },
  server: {
    proxy: {
      "/webapi": "http://localhost:8080",
      "/opendocs": "http://localhost:8080",
      // The live chain socket (/ws/chain) is a websocket upgrade, proxied as one.
      "/ws": { target: "ws://localhost:8080", ws: true },
    },
  },
});
