import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The server's build of the web app (decision 0050): src/entry-server.tsx and everything it draws with, into
 * dist-ssr/ (never served), which the API server imports to draw the public pages. Self-contained and always a
 * production build — React's development build would draw each page several times slower, and a demo server runs
 * with NODE_ENV=development.
 */
export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      // As the browser's build: a route's component split from its declaration is drawn inside a Suspense boundary.
      autoCodeSplitting: true,
    }),
    react(),
  ],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
  publicDir: false,
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    sourcemap: false,
    // .mjs: an ES module wherever it is read from, whatever package.json is above it.
    rolldownOptions: { output: { codeSplitting: false, entryFileNames: 'entry-server.mjs' } },
  },
});
