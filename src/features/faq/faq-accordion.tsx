import { useId, useState, type ReactNode } from 'react';
import type { FaqItem } from './faq-search.ts';

interface FaqAccordionProps {
  items: readonly FaqItem[];
  /** Renders an answer (the page turns inline markup into links). */
  renderAnswer: (item: FaqItem) => ReactNode;
}

/**
 * Questions as disclosure buttons; at most one answer is open, and clicking the open question
 * closes it. Answers are capped in height and scroll inside (faq.css).
 */
export function FaqAccordion({ items, renderAnswer }: FaqAccordionProps) {
  const prefix = useId();
  const [openId, setOpenId] = useState<string | null>(null);

  return (
    <div className="faq-accordion">
      {items.map((item) => {
        const open = item.id === openId;
        const buttonId = `${prefix}-question-${item.id}`;
        const panelId = `${prefix}-answer-${item.id}`;
        return (
          <div className={open ? 'faq-item faq-item--open' : 'faq-item'} key={item.id}>
            <h2 className="faq-question">
              <button
                type="button"
                id={buttonId}
                className="faq-question-button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : item.id)}
              >
                <span>{item.question}</span>
                <span className="faq-question-icon" aria-hidden="true" />
              </button>
            </h2>
            <div
              id={panelId}
              className="faq-answer"
              role="region"
              aria-labelledby={buttonId}
              hidden={!open}
            >
              <p>{renderAnswer(item)}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
