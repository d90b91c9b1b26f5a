import './zod-jitless.ts';
// What every screen needs of Mantine's styles; each component's own styles come with its code
// (build/mantine-styles.ts). Layered (`@layer mantine`): the app's own stylesheets win whatever
// order the files arrive in.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import 'virtual:icon-font.css';
import './app/app.css';
import { start } from './app/start.tsx';

const root = document.getElementById('root');
if (root) void start(root);
// The service worker (src/sw/sw.ts, built into /sw.js): the built app only, after the first screen.
if (import.meta.env.PROD && 'serviceWorker' in navigator)
  addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined));
