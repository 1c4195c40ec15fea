import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

interface EditorTabsProps<T extends string> {
  label: string;
  tabs: readonly T[];
  title(tab: T): string;
  render(tab: T): ReactNode;
}

/**
 * A WAI-ARIA tablist with automatic activation: Left/Right (wrapping), Home and End move the
 * focus and show that tab's panel; only the chosen tab is in the Tab order.
 */
export function EditorTabs<T extends string>({ label, tabs, title, render }: EditorTabsProps<T>) {
  const base = useId();
  const [active, setActive] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = tabs[Math.min(active, tabs.length - 1)];

  const choose = (index: number) => {
    setActive(index);
    const tab = refs.current[index];
    tab?.focus();
    tab?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    choose(next);
  };

  return (
    <div className="editor-tabs">
      <div className="editor-tabs__list" role="tablist" aria-label={label}>
        {tabs.map((tab, index) => {
          const selected = tab === current;
          return (
            <button
              key={tab}
              ref={(el) => {
                refs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${tab}`}
              className="editor-tabs__tab"
              aria-selected={selected}
              aria-controls={selected ? `${base}-panel-${tab}` : undefined}
              tabIndex={selected ? 0 : -1}
              onClick={() => choose(index)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {title(tab)}
            </button>
          );
        })}
      </div>
      {current !== undefined && (
        <div
          className="editor-tabs__panel"
          role="tabpanel"
          id={`${base}-panel-${current}`}
          aria-labelledby={`${base}-tab-${current}`}
        >
          {render(current)}
        </div>
      )}
    </div>
  );
}
