// Regenerates src/routeTree.gen.ts from src/routes (the Vite plugin does the same on build and in dev).
// Run after adding or renaming a route file: `npm run routes -w @parkade/web`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Generator, getConfig } from '@tanstack/router-generator';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = getConfig(
  {
    target: 'react',
    routesDirectory: './src/routes',
    generatedRouteTree: './src/routeTree.gen.ts',
    autoCodeSplitting: true,
  },
  root,
);
await new Generator({ config, root }).run();
