import { useNavigate } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';

interface HrefLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string;
}

/**
 * A link to a path of the app given as a built href ('/personalize/edit/abc'), navigated inside
 * the app like the router's Link. Used for the builder and checkout paths, whose routes are owned
 * by other features; a modified click (new tab, new window) is left to the browser.
 */
export function HrefLink({ href, onClick, children, ...rest }: HrefLinkProps) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    void navigate({ href });
  };
  return (
    <a href={href} onClick={follow} {...rest}>
      {children}
    </a>
  );
}
