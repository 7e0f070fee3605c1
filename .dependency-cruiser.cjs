/**
 * Import cycles, type imports included: none allowed (`npm run lint` runs this after ESLint, whose
 * no-restricted-imports rules hold the layers of docs/architecture.md).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment:
        'A cycle means two files cannot be understood or loaded apart: break it by moving what both need down.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', 'dist', 'routeTree\\.gen\\.ts$'] },
    // Type-only imports count: they are what ties files together for a reader.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      conditionNames: ['import', 'node', 'default'],
    },
  },
};
