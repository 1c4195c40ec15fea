import { useId } from 'react';
import { Dialog } from './dialog.tsx';
import './question-dialog.css';

interface QuestionDialogProps {
  title: string;
  text: string;
  /** The primary button: go ahead. */
  confirm: string;
  /** The secondary button, which has the focus: the safe choice. */
  cancel: string;
  onConfirm: () => void;
  /** Also on Escape or a close request. */
  onCancel: () => void;
}

/** A modal question with two answers (leave the builder, change the language); focus starts on the safe one. */
export function QuestionDialog({
  title,
  text,
  confirm,
  cancel,
  onConfirm,
  onCancel,
}: QuestionDialogProps) {
  const id = useId();
  return (
    <Dialog
      className="question-dialog"
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      onCancel={onCancel}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-text`}>{text}</p>
      <div className="question-dialog__actions">
        <button type="button" className="button button--primary" onClick={onConfirm}>
          {confirm}
        </button>
        <button
          type="button"
          data-initial-focus
          className="button button--secondary"
          onClick={onCancel}
        >
          {cancel}
        </button>
      </div>
    </Dialog>
  );
}
