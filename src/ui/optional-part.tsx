import { Component, type ReactNode } from 'react';

interface OptionalPartProps {
  children: ReactNode;
  /** What stands in for the part when it failed (its code did not arrive, say): nothing by default. */
  fallback?: ReactNode;
}

/**
 * A part of the page the page can do without (the cookie banner): if it fails to load or to
 * render, only it is left out. Without this, the error reaches the root route and the whole page
 * becomes the error page, so a lost request for the banner's code on a poor connection would take
 * the product page with it.
 */
export class OptionalPart extends Component<OptionalPartProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  render(): ReactNode {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}
