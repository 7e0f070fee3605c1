import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API runs on :3000 (npm start); the dev server proxies both API areas to it. */
const api = process.env.PARKADE_API ?? 'http://localhost:3000';

/** Form fields, as every form uses them: react-hook-form and MUI's inputs with their menus and popovers. */
const FIELDS =
  /node_modules[\\/](react-hook-form|@hookform[\\/]resolvers|@mui[\\/]material[\\/](TextField|Select|NativeSelect|Menu|MenuList|MenuItem|Popover|Modal|Portal|Unstable_TrapFocus|Backdrop|Fade|Grow|InputBase|OutlinedInput|FilledInput|Input|InputLabel|FormLabel|FormControl|FormHelperText|InputAdornment|Checkbox|SwitchBase|FormControlLabel|List|ListItemText|Link|Divider|internal|utils|useSlotProps)[\\/])/;
/** The sign-in screens' own code, shared by the sign-in, forgot-password and reset-password routes. */
const SIGN_IN =
  /src[\\/]features[\\/](auth[\\/](AuthLayout|LoginPage|LoginForm|ForgotPasswordPage|ResetPasswordPage|PasswordField|fields)|two-factor[\\/](TwoFactorLoginForm|CodeField)|shell[\\/](LanguageMenu|useArea|identity))\./;

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      autoCodeSplitting: true,
    }),
    react(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: api, changeOrigin: false }, '/tenant': { target: api, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Few files for the first screen (decision 0017): each response carries ~1 KB of headers and, on a slow
        // link, a round trip. What main.tsx imports is one chunk; the form fields every form uses are one; the
        // sign-in screens' own code is one. Every route's screens still load with their route.
        codeSplitting: {
          groups: [
            { name: 'start', tags: ['$initial'] },
            { name: 'form-fields', test: FIELDS },
            { name: 'sign-in', test: SIGN_IN },
          ],
        },
      },
    },
  },
});
