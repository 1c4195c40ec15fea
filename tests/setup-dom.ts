import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  if (typeof document !== 'undefined') cleanup();
});

// jsdom does not implement scrolling; the app scrolls to the top on every path change.
if (typeof window !== 'undefined') window.scrollTo = () => {};
