// The entry: the page's styles (written into the served HTML by the server) and, once the page the
// server rendered has been painted, the app that hydrates it (start-app.tsx). Kept small: the
// browser fetches it with the HTML, and everything else after the first paint.
import { afterFirstPaint, preloadRouteModules } from './lib/after-first-paint.ts';
import { holdEarlyInput } from './lib/early-input.ts';
import './styles.css';
import './ui/site-header.css';
import './ui/chrome.css';
import './ui/looks.css';

// A page the server did not render (its empty shell) has nothing to paint: start at once.
if ('$_TSR' in window) {
  holdEarlyInput();
  await afterFirstPaint();
}
preloadRouteModules();
await import('./start-app.tsx');
