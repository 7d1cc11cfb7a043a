import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { browserTwins } from "./scripts/vite-browser-twins.js";

// The client is built into dist/ and served by the Fastify process (server/plugins/client.ts).
// During `npm run dev:client` the API calls are proxied to a server started with `npm run dev:server`.
export default defineConfig({
  // The verification pages run server/ledger with its browser twins of the Node-only modules.
  plugins: [react(), browserTwins("server/ledger")],
  build: { outDir: "dist", chunkSizeWarningLimit: 4096 },
  server: {
    proxy: {
      "/webapi": "http://localhost:8080",
      "/opendocs": "http://localhost:8080",
      // The live chain socket (/ws/chain) is a websocket upgrade, proxied as one.
      "/ws": { target: "ws://localhost:8080", ws: true },
    },
  },
});
