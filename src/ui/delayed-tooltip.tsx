import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import './delayed-tooltip.css';

/** SPEC section 9: the subscribe tooltip shows after 250 ms and hides 400 ms after the pointer or focus leaves. */
const TOOLTIP_SHOW_DELAY_MS = 250;
const TOOLTIP_HIDE_DELAY_MS = 400;

interface DelayedTooltipProps {
  /** The tooltip text. */
  text: string;
  /** Only an active tooltip shows (e.g. while its button is disabled). */
  active: boolean;
  /** The control, given the id of the tooltip for its aria-describedby (undefined when inactive). */
  children: (describedBy: string | undefined) => ReactNode;
}

/**
 * A tooltip on hover and on keyboard focus, with the SPEC's delays. It stays while the pointer is
 * over it, Escape dismisses it (WCAG 1.4.13), and the control names it in aria-describedby. The
 * control should use aria-disabled rather than disabled, so it stays focusable and hoverable.
 */
export function DelayedTooltip({ text, active, children }: DelayedTooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const schedule = (next: boolean, delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(next), delay);
  };
  const show = () => {
    if (active) schedule(true, TOOLTIP_SHOW_DELAY_MS);
  };
  const hide = () => schedule(false, TOOLTIP_HIDE_DELAY_MS);

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!active) {
      clearTimeout(timer.current);
      setOpen(false);
    }
  }, [active]);

  const tooltipId = `${id}-tooltip`;
  return (
    // The wrapper only listens for events bubbling from the control inside it and for the pointer
    // over the bubble (so the tooltip stays while hovered); it is not itself interactive.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <span
      className="delayed-tooltip"
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          clearTimeout(timer.current);
          setOpen(false);
        }
      }}
    >
      {children(active ? tooltipId : undefined)}
      {active && (
        <span id={tooltipId} role="tooltip" className="delayed-tooltip__bubble" hidden={!open}>
          {text}
        </span>
      )}
    </span>
  );
}
