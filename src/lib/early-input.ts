/**
 * Where the page's first script (early-input-script.ts) keeps what it held, until holdEarlyInput
 * hands it to the app. The name is written out in both files: importing one from the other would
 * give the entry a chunk of its own to fetch before it can run (tests/unit/early-input.test.tsx
 * runs the two together).
 */
const EARLY_INPUT = '$earlyInput';

declare global {
  interface Window {
    [EARLY_INPUT]?: (HTMLFormElement | HTMLButtonElement)[];
  }
}

/**
 * Hands the app what a visitor did on the server's page before the app took it over
 * (`<html data-hydrated>`, ui/page-hydrated.tsx). The page's first script (early-input-script.ts)
 * holds, from the first paint, each form sent and each button pressed until then; once the app
 * listens they are sent and pressed again, in the order they came. What was typed or chosen in a
 * field meanwhile stays on the screen, but React takes the page over believing each field holds
 * what the server wrote (empty): each such field tells the app its value first, so the app's state
 * matches the screen and a form sent early is sent with what the visitor typed.
 *
 * The browser never sends the app's forms itself, before or after: they have no `action`, and a
 * part of the page React hydrates later than the rest (a lazy section) would otherwise let a
 * submit through to the browser while React queues it. React's own handlers get every submit.
 */
export function holdEarlyInput(): void {
  const root = document.documentElement;
  const live = () => 'hydrated' in root.dataset;
  document.addEventListener(
    'submit',
    (event) => {
      if (!(event.target as HTMLFormElement).hasAttribute('action')) event.preventDefault(); // else a form meant for the server
    },
    true,
  );
  /** What the page's first script held; from now on (the app listens) it holds nothing more. */
  const replayHeld = () => {
    const held = window[EARLY_INPUT] ?? [];
    delete window[EARLY_INPUT];
    for (const element of held) press(element);
  };
  if (live()) {
    replayHeld();
    return;
  }
  const observer = new MutationObserver(() => {
    if (!live()) return;
    observer.disconnect();
    // Each field's value is read before any is told: React renders again after each event and
    // puts its own (empty) value back into the fields it has not heard of yet.
    const typed = editedFields().map((field) => [field, shownIn(field)] as const);
    for (const [field, shown] of typed) tellApp(field, shown);
    // Again: a field in a part of the page React has not hydrated yet (it hydrates such parts one
    // after the other) is hydrated by the first event, holding the typed value as if React had
    // written it, and hears the change only from the second; a field told twice hears the same
    // value. Not a list: its change event reaches the app whatever React last saw, so the first
    // was heard (and a second could ask the visitor twice, as the language list does with a cart).
    for (const [field, shown] of typed)
      if (!(field instanceof HTMLSelectElement)) tellApp(field, shown);
    // After React has applied the fields' values (it does so in a microtask).
    if (typed.length > 0) setTimeout(replayHeld, 0);
    else replayHeld();
  });
  observer.observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
}

/** A held form is sent again, a held button pressed again, if it is still on the page. */
function press(element: HTMLFormElement | HTMLButtonElement): void {
  if (!element.isConnected) return;
  if (element instanceof HTMLFormElement) element.requestSubmit();
  else element.click();
}

type FormField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * The fields whose value differs from the one the server wrote (their default), which React,
 * keeping each field's default equal to its value, has not been told of: typed or chosen before
 * the app listened (before even this script ran), or filled in by the browser.
 */
function editedFields(): FormField[] {
  const fields = document.querySelectorAll<FormField>(
    'input:not([type=hidden], [type=file], [type=submit], [type=button], [type=reset], [type=image]), textarea, select',
  );
  return [...fields].filter((field) => {
    if (field instanceof HTMLSelectElement)
      return [...field.options].some((option) => option.selected !== option.defaultSelected);
    // Of a group of radio buttons, the one chosen tells (the others follow it).
    if (isCheckable(field))
      return field.checked !== field.defaultChecked && (field.type !== 'radio' || field.checked);
    return field.value !== field.defaultValue;
  });
}

/** What a field shows: a box's tick, or a field's text or choice (with the caret, if it has one). */
interface Shown {
  value: string;
  checked: boolean;
  selection: [number, number] | null;
}

const isCheckable = (field: FormField): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

function shownIn(field: FormField): Shown {
  const checked = isCheckable(field) && field.checked;
  return {
    value: field.value,
    checked,
    selection: field instanceof HTMLSelectElement ? null : selectionOf(field),
  };
}

/** Where the caret is (the visitor may still be typing), for the fields that have one. */
function selectionOf(field: HTMLInputElement | HTMLTextAreaElement): [number, number] | null {
  try {
    return field.selectionStart === null || field.selectionEnd === null
      ? null
      : [field.selectionStart, field.selectionEnd];
  } catch {
    return null; // email and number fields have no selection API
  }
}

/**
 * Shows `shown` in `field` again and sends the event React listens to for a change of it, so its
 * onChange gets that value. React reacts only to a value that differs from the one it last saw
 * (for a field typed in before hydration, the typed one): through the element's own setter
 * (React's, which records the value) the field is given another value, and through the browser's
 * setter (which React does not see) the shown one again, within one task, so nothing is painted
 * between.
 */
function tellApp(field: FormField, shown: Shown): void {
  if (field instanceof HTMLSelectElement) {
    field.value = shown.value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (isCheckable(field)) {
    field.checked = !shown.checked;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'checked')?.set?.call(
      field,
      shown.checked,
    );
    // A plain Event, not a MouseEvent: React reads it as the box's change, the browser does not tick it again.
    field.dispatchEvent(new Event('click', { bubbles: true }));
    return;
  }
  field.value = `${shown.value}\u0000`;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(
    field,
    shown.value,
  );
  if (shown.selection) field.setSelectionRange(...shown.selection);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
