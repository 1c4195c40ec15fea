import { Link, type LinkProps } from '@tanstack/react-router';

interface ButtonLink {
  to: LinkProps['to'];
  label: string;
}

/** The two links that end a message page, as buttons: where to go next, and the other way out. */
export function ButtonLinks({
  className,
  primary,
  secondary,
}: {
  className: string;
  primary: ButtonLink;
  secondary: ButtonLink;
}) {
  return (
    <p className={className}>
      <Link to={primary.to} className="button button--primary">
        {primary.label}
      </Link>
      <Link to={secondary.to} className="button button--secondary">
        {secondary.label}
      </Link>
    </p>
  );
}
